/**
 * Colour contrast by WCAG 2.2's definitions (relative luminance, contrast ratio), and the choice
 * of text colour for a background someone picked, such as the club's header colour: white or
 * black, whichever reads better. One of the two always reaches 4.5:1.
 */

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** WCAG 2.2 AA for normal text (SC 1.4.3). */
export const AA_TEXT_CONTRAST = 4.5;

export const LIGHT_TEXT = '#ffffff';
/**
 * Black. Any lighter "near-black" breaks the promise above: for a mid-tone background where white
 * and black read equally well, the better of the two reaches only 4.58:1 even with pure black;
 * with #111111 it would be 4.35:1.
 */
export const DARK_TEXT = '#000000';

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Parses `#rgb` or `#rrggbb` (the forms branding settings accept); anything else is null. */
export function parseHexColour(value: string): Rgb | null {
  const match = HEX.exec(value.trim());
  if (!match?.[1]) return null;
  const hex = match[1].length === 3 ? [...match[1]].map((c) => c + c).join('') : match[1];
  return {
    r: parseInt(hex.slice(0, 2), 16),
    g: parseInt(hex.slice(2, 4), 16),
    b: parseInt(hex.slice(4, 6), 16),
  };
}

export function isHexColour(value: string): boolean {
  return parseHexColour(value) !== null;
}

/** WCAG relative luminance of an sRGB colour, 0 (black) to 1 (white). */
export function relativeLuminance({ r, g, b }: Rgb): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

function toRgb(colour: string | Rgb): Rgb {
  if (typeof colour !== 'string') return colour;
  const rgb = parseHexColour(colour);
  if (!rgb) throw new Error(`not a hex colour: ${colour}`);
  return rgb;
}

/** WCAG contrast ratio of two colours, 1 to 21, the same whichever comes first. */
export function contrastRatio(a: string | Rgb, b: string | Rgb): number {
  const [lighter, darker] = [relativeLuminance(toRgb(a)), relativeLuminance(toRgb(b))].sort(
    (x, y) => y - x,
  ) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/**
 * The text colour for `background`: LIGHT_TEXT or DARK_TEXT, whichever has the higher contrast
 * ratio with it. A value that is not a colour (such as "transparent", which shows the light page
 * through) gets DARK_TEXT.
 */
export function readableTextColour(background: string): string {
  const rgb = parseHexColour(background);
  if (!rgb) return DARK_TEXT;
  return contrastRatio(rgb, LIGHT_TEXT) >= contrastRatio(rgb, DARK_TEXT) ? LIGHT_TEXT : DARK_TEXT;
}
