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
import { badRequest } from '@teamapp/service-kit';
import sharp from 'sharp';
import type { AvatarVariant } from '../storage/avatars';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
/** 50 megapixels: any phone photo, but not a decompression bomb. */
const MAX_INPUT_PIXELS = 50_000_000;
const WEBP_QUALITY = 82;

const invalidPicture = () => badRequest(PICTURE_INVALID_TYPE, 'profilePicture');

/** Where the image's own structure says it ends: the file must end there too. */
function imageEnd(input: Buffer, format: string): number | undefined {
  if (format === 'jpeg') {
    // End of image (FF D9); some encoders pad after it with zero bytes.
    let end = input.length;
    while (end > 0 && input[end - 1] === 0) end -= 1;
    return input[end - 2] === 0xff && input[end - 1] === 0xd9 ? input.length : undefined;
  }
  if (format === 'png') {
    // Chunks after the 8-byte signature: length, type, data, CRC, up to IEND.
    let at = 8;
    while (at + 12 <= input.length) {
      const length = input.readUInt32BE(at);
      const type = input.toString('latin1', at + 4, at + 8);
      at += 12 + length;
      if (type === 'IEND') return at;
    }
    return undefined;
  }
  if (format === 'webp') {
    // RIFF header: its size counts every byte after the first 8.
    return input.toString('latin1', 0, 4) === 'RIFF' ? input.readUInt32LE(4) + 8 : undefined;
  }
  return undefined;
}

/** Markup a browser or interpreter would run, found anywhere in the bytes. */
const MARKUP = /<(script|html|body|iframe|svg|object|embed|!doctype|\?php)\b|javascript:/i;

/** One image of the format sharp found, and nothing more. */
function isSingleImage(input: Buffer, format: string): boolean {
  return imageEnd(input, format) === input.length && !MARKUP.test(input.toString('latin1'));
}

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
