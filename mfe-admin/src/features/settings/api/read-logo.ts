/**
 * Reading the logo (reference §5 Logo) the member picked, once its kind and size passed the
 * checks, as the data URL the settings carry.
 */
export const READ_FAILED = 'Failed to read the image file.';

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
