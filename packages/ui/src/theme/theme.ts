/**
 * The Mantine theme shared by the shell and every remote, accessible by construction: every
 * colour a component puts text in reaches WCAG AA (4.5:1) on white and on the page background,
 * icon-only controls that Mantine draws get names, motion follows the visitor's
 * prefers-reduced-motion, and links are underlined so they never rely on colour alone.
 * theme.test.ts checks the contrast of every colour it hands out.
 */
import {
  DEFAULT_THEME,
  createTheme,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from '@mantine/core';
import { AA_TEXT_CONTRAST, contrastRatio, parseHexColour, type Rgb } from './contrast';

/**
 * The shade filled buttons, badges, outlines, anchors and `c="red"` text use. Mantine's default
 * (6) puts white text on colours as light as #228be6 (3.6:1).
 */
export const PRIMARY_SHADE = 8;

/** The page behind the content (gray.0); text must read on it as well as on white cards. */
export const PAGE_BACKGROUND = DEFAULT_THEME.colors.gray[0];
export const CARD_BACKGROUND = '#ffffff';

/** Secondary ("dimmed") and placeholder text: 5.8:1 on the page background, 6.1:1 on white. */
export const DIMMED_TEXT = '#5c636a';

const toHex = ({ r, g, b }: Rgb) =>
  `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/** `hex` moved towards black by `amount` (0 to 1). */
function darker(hex: string, amount: number): string {
  const rgb = parseHexColour(hex);
  if (!rgb) throw new Error(`not a hex colour: ${hex}`);
  const keep = 1 - amount;
  return toHex({ r: rgb.r * keep, g: rgb.g * keep, b: rgb.b * keep });
}

/** Darkens `hex` in small steps until it reaches AA against every colour in `against`. */
function darkenUntilReadable(hex: string, against: string[]): string {
  let colour = hex;
  for (let step = 1; against.some((bg) => contrastRatio(colour, bg) < AA_TEXT_CONTRAST); step++) {
    colour = darker(hex, step * 0.02);
  }
  return colour;
}

/**
 * A palette whose primary shade carries white text and reads as text on white and on the page,
 * and whose darkest shade reads on the palette's light shade (Mantine's "light" variant: alerts,
 * light buttons and badges). Palettes that already do are returned unchanged.
 */
export function accessiblePalette(palette: MantineColorsTuple): MantineColorsTuple {
  const shades = [...palette];
  const filled = darkenUntilReadable(shades[PRIMARY_SHADE]!, [CARD_BACKGROUND, PAGE_BACKGROUND]);
  shades[PRIMARY_SHADE] = filled;
  shades[9] = darkenUntilReadable(shades[9]!, [CARD_BACKGROUND, PAGE_BACKGROUND, shades[1]!]);
  if (contrastRatio(shades[9]!, CARD_BACKGROUND) < contrastRatio(filled, CARD_BACKGROUND)) {
    shades[9] = filled;
  }
  return shades as unknown as MantineColorsTuple;
}

const colors = Object.fromEntries(
  Object.entries(DEFAULT_THEME.colors).map(([name, palette]) => [name, accessiblePalette(palette)]),
);

export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: PRIMARY_SHADE, dark: PRIMARY_SHADE },
  colors,
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  // Mantine's transitions (modals, popovers, menus) are skipped under prefers-reduced-motion.
  respectReducedMotion: true,
  focusRing: 'auto',
  components: {
    Anchor: { defaultProps: { underline: 'always' } },
    Modal: {
      defaultProps: {
        // Not "Close": dialogs have their own Close buttons (reference §2), and names must not collide.
        closeButtonProps: { 'aria-label': 'Dismiss dialog' },
        // Mantine draws the dialog's title bar as <header>, a second "banner" landmark beside
        // the app's header; the dialog role already groups it.
        attributes: { header: { role: 'presentation' } },
      },
    },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss' } } },
    ColorInput: {
      defaultProps: { eyeDropperButtonProps: { 'aria-label': 'Pick a color from the screen' } },
    },
    // The show/hide button is a real button a keyboard reaches, not a mouse-only control.
    PasswordInput: { defaultProps: { visibilityToggleFocusable: true } },
  },
});

/** Text colours Mantine takes from CSS variables rather than from the palettes. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': DIMMED_TEXT,
    '--mantine-color-placeholder': DIMMED_TEXT,
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
