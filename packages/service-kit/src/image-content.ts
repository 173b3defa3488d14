/**
 * Whether an uploaded image's bytes are one image and nothing else. The format comes from a
 * decoder reading the content (sharp's metadata in the services that store images); this module
 * checks that the file ends where that image's own structure says it ends and that no markup a
 * browser or interpreter would run hides anywhere in it, so polyglots (a JPEG with a page
 * appended, a PNG with a ZIP after its end, a script in a comment segment) are refused.
 */

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
    return input.length >= 8 && input.toString('latin1', 0, 4) === 'RIFF'
      ? input.readUInt32LE(4) + 8
      : undefined;
  }
  return undefined;
}

/** Markup a browser or interpreter would run, found anywhere in the bytes. */
const MARKUP = /<(script|html|body|iframe|svg|object|embed|!doctype|\?php)\b|javascript:/i;

/** The formats whose end `isSingleImage` can find. */
export const SINGLE_IMAGE_FORMATS: ReadonlySet<string> = new Set(['jpeg', 'png', 'webp']);

/** One image of `format` (as a decoder named it: jpeg, png or webp), and nothing more. */
export function isSingleImage(input: Buffer, format: string): boolean {
  return imageEnd(input, format) === input.length && !MARKUP.test(input.toString('latin1'));
}
