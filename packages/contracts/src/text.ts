/**
 * Cutting text without breaking a character. JavaScript strings count UTF-16 units, so a plain
 * slice can end between the two halves of a character outside the basic plane (an emoji); the
 * lone half cannot be stored as JSON (PostgreSQL's jsonb refuses it) or sent as UTF-8.
 */

/** A high (leading) or low (trailing) surrogate with its partner missing. */
export const LONE_SURROGATE =
  /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The first `length` units of text, one fewer where the last would split a surrogate pair. */
export function sliceWhole(text: string, length: number): string {
  if (text.length <= length) return text;
  const last = text.charCodeAt(length - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? length - 1 : length);
}

/** Text with every lone surrogate replaced by U+FFFD, as a UTF-8 encoder would write it. */
export const wellFormed = (text: string) => text.replace(LONE_SURROGATE, '\uFFFD');
