/**
 * The club logo is checked by its content before it is stored: the data string's bytes must
 * decode completely as one JPEG, PNG or WebP image and nothing else (no bytes after the image's
 * end, no markup anywhere in it: polyglots are refused). The declared type is not trusted; the
 * stored data string names the type the content has. SVG is refused: it is a document that can
 * carry script, not a picture.
 */
import { INVALID_LOGO_TYPE } from '@teamapp/contracts';
import { badRequest, isSingleImage, SINGLE_IMAGE_FORMATS } from '@teamapp/service-kit';
import sharp from 'sharp';

/** 4096 × 4096: larger than any header or page background needs, and no decompression bomb. */
const MAX_LOGO_PIXELS = 4096 * 4096;

const invalidLogo = () => badRequest(INVALID_LOGO_TYPE, 'logoUrl');

/** Answers the logo as a data string whose type is its content's, or refuses it (400). */
export async function checkLogo(logoUrl: string): Promise<string> {
  const comma = logoUrl.indexOf(',');
  if (!logoUrl.startsWith('data:image/') || comma < 0) throw invalidLogo();
  const payload = logoUrl.slice(comma + 1);
  const bytes = Buffer.from(payload, 'base64');
  const options = { failOn: 'warning', limitInputPixels: MAX_LOGO_PIXELS } as const;
  let format: string | undefined;
  try {
    format = (await sharp(bytes, options).metadata()).format;
    if (!format || !SINGLE_IMAGE_FORMATS.has(format) || !isSingleImage(bytes, format)) {
      throw invalidLogo();
    }
    // Decodes every pixel: a truncated or corrupt image fails here.
    await sharp(bytes, options).stats();
  } catch {
    throw invalidLogo();
  }
  return `data:image/${format};base64,${payload}`;
}
