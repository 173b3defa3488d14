import { DEFAULT_THEME, type MantineColorsTuple } from '@mantine/core';
import { AA_TEXT_CONTRAST, contrastRatio } from './contrast';
import {
  CARD_BACKGROUND,
  DIMMED_TEXT,
  PAGE_BACKGROUND,
  PRIMARY_SHADE,
  accessiblePalette,
  cssVariablesResolver,
  theme,
} from './theme';

const palettes = Object.entries(theme.colors ?? {}) as [string, MantineColorsTuple][];

describe('the theme’s colours', () => {
  it('when the theme is built, then it has every Mantine palette', () => {
    expect(palettes.map(([name]) => name).sort()).toEqual(Object.keys(DEFAULT_THEME.colors).sort());
  });

  it.each(palettes)(
    'when %s is a filled background, text or outline, then it reaches 4.5:1 with white and the page',
    (_name, palette) => {
      const filled = palette[PRIMARY_SHADE];
      expect(contrastRatio(filled, CARD_BACKGROUND)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
      expect(contrastRatio(filled, PAGE_BACKGROUND)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    },
  );

  it.each(palettes)(
    'when %s is a light variant (darkest shade on the light shade), then it reaches 4.5:1',
    (_name, palette) => {
      expect(contrastRatio(palette[9], palette[1])).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
      expect(contrastRatio(palette[9], palette[0])).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    },
  );

  it('when a palette already reads well, then it is left as Mantine made it', () => {
    expect(accessiblePalette(DEFAULT_THEME.colors.violet)).toEqual(DEFAULT_THEME.colors.violet);
  });

  it('when text is dimmed, then it reaches 4.5:1 on white, the page and an unread row', () => {
    const unreadRow = theme.colors!.blue![0];
    for (const background of [CARD_BACKGROUND, PAGE_BACKGROUND, unreadRow]) {
      expect(contrastRatio(DIMMED_TEXT, background)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    }
    const light = cssVariablesResolver(DEFAULT_THEME).light;
    expect(light['--mantine-color-dimmed']).toBe(DIMMED_TEXT);
    expect(light['--mantine-color-placeholder']).toBe(DIMMED_TEXT);
  });
});
