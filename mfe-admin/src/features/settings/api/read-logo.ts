/**
 * Client-side logo checks and reading (reference §5 Logo): a PNG, JPEG or WebP picture under 2 MB (the
 * kinds the server keeps), as a data URL.
 */
import {
  INVALID_LOGO_TYPE,
  LOGO_FILE_TYPES,
  LOGO_MAX_BYTES,
  LOGO_TOO_LARGE,
} from '@teamapp/contracts';

export const READ_FAILED = 'Failed to read the image file.';

/** The documented message for a file that may not be uploaded, or null when it may. */
export function logoFileProblem(file: File): string | null {
  if (!LOGO_FILE_TYPES.includes(file.type)) return INVALID_LOGO_TYPE;
  if (file.size > LOGO_MAX_BYTES) return LOGO_TOO_LARGE;
  return null;
}

export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') resolve(reader.result);
      else reject(new Error(READ_FAILED));
    };
    reader.onerror = () => reject(new Error(READ_FAILED));
    reader.readAsDataURL(file);
  });
}
