/** Picks black or white text for a header background, so any chosen colour stays readable. */
export function readableTextColor(background: string): string {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(background.trim());
  if (!match?.[1]) return '#ffffff';
  const hex = match[1].length === 3 ? [...match[1]].map((c) => c + c).join('') : match[1];
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  const luminance = 0.2126 * lin(r ?? 0) + 0.7152 * lin(g ?? 0) + 0.0722 * lin(b ?? 0);
  return luminance > 0.5 ? '#111111' : '#ffffff';
}
