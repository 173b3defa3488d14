/**
 * Turns an uploaded picture into the stored avatars. What the file is gets decided by its content
 * (sharp reads the bytes; the name and declared type are ignored): only JPEG, PNG and WebP are
 * taken, and only when the file is one image and nothing else (polyglots are refused: bytes
 * after the image's end, or markup anywhere in it). Each is fully decoded (a truncated or
 * corrupt file fails here), turned upright, cut to a square and re-encoded as WebP in every
 * stored size. Nothing of the original's metadata (EXIF, GPS position, XMP, ICC) is carried
 * over, since sharp writes none unless asked to.
 */
import { PICTURE_INVALID_TYPE, PICTURE_SIZES } from '@teamapp/contracts';
import { badRequest, isSingleImage } from '@teamapp/service-kit';
import sharp from 'sharp';
import type { AvatarVariant } from '../storage/avatars';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
/** 50 megapixels: any phone photo, but not a decompression bomb. */
const MAX_INPUT_PIXELS = 50_000_000;
const WEBP_QUALITY = 82;

const invalidPicture = () => badRequest(PICTURE_INVALID_TYPE, 'profilePicture');

export async function renderAvatars(input: Buffer): Promise<AvatarVariant[]> {
  const options = { failOn: 'warning', limitInputPixels: MAX_INPUT_PIXELS } as const;
  let format: string | undefined;
  try {
    format = (await sharp(input, options).metadata()).format;
  } catch {
    throw invalidPicture();
  }
  if (!format || !ACCEPTED_FORMATS.has(format) || !isSingleImage(input, format)) {
    throw invalidPicture();
  }
  try {
    const upright = sharp(input, options).rotate();
    return await Promise.all(
      PICTURE_SIZES.map(async (size) => ({
        size,
        data: await upright
          .clone()
          .resize(size, size, { fit: 'cover', position: 'centre' })
          .webp({ quality: WEBP_QUALITY })
          .toBuffer(),
      })),
    );
  } catch {
    throw invalidPicture();
  }
}
