import { TEAM_COLOURS } from '@teamapp/contracts';
import {
  AA_TEXT_CONTRAST,
  DARK_TEXT,
  LIGHT_TEXT,
  contrastRatio,
  isHexColour,
  parseHexColour,
  readableTextColour,
  relativeLuminance,
} from './contrast';

describe('contrast by WCAG relative luminance', () => {
  it('when black meets white, then the ratio is 21:1, and a colour with itself 1:1', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#2563eb', '#2563eb')).toBe(1);
  });

  it.each([
    ['#2563eb', '#ffffff', 5.17],
    ['#868e96', '#ffffff', 3.32],
    ['#dee8fc', '#2563eb', 4.2],
  ])('when %s meets %s, then the ratio is %s:1 either way round', (a, b, ratio) => {
    expect(contrastRatio(a, b)).toBeCloseTo(ratio, 2);
    expect(contrastRatio(b, a)).toBeCloseTo(ratio, 2);
  });

  it('when a colour is short hex, then it reads as its long form', () => {
    expect(parseHexColour('#fa0')).toEqual({ r: 255, g: 170, b: 0 });
    expect(relativeLuminance(parseHexColour('#FFF')!)).toBe(1);
  });

  it.each(['blue', '#12', '#1234567', 'rgb(0,0,0)', '', 'transparent'])(
    'when %j is given, then it is not a hex colour',
    (value) => {
      expect(isHexColour(value)).toBe(false);
    },
  );
});

describe('text on a chosen background', () => {
  it.each([
    ['#2563eb', LIGHT_TEXT],
    ['#7c2d12', LIGHT_TEXT],
    ['#000000', LIGHT_TEXT],
    ['#fde047', DARK_TEXT],
    ['#ffffff', DARK_TEXT],
    ['#22c55e', DARK_TEXT],
  ])('when the background is %s, then the text is %s', (background, text) => {
    expect(readableTextColour(background)).toBe(text);
  });

  it('when the background is not a colour ("transparent"), then the text is dark', () => {
    expect(readableTextColour('transparent')).toBe(DARK_TEXT);
  });

  it('when any colour is chosen, then the text picked for it reaches 4.5:1', () => {
    const digits = '0123456789abcdef';
    let worst = Infinity;
    for (const r of digits)
      for (const g of digits)
        for (const b of digits) {
          const background = `#${r}${r}${g}${g}${b}${b}`;
          worst = Math.min(worst, contrastRatio(background, readableTextColour(background)));
        }
    expect(worst).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
  });
});

describe('the team colours', () => {
  it.each([...TEAM_COLOURS])('when %s carries white text, then it reaches 4.5:1', (colour) => {
    expect(contrastRatio(colour, LIGHT_TEXT)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
  });
});
