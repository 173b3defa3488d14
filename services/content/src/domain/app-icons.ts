/**
 * The installable app (reference §2 "Installing and offline use"): the web app manifest made
 * from the branding, and its icons made from the club logo with sharp. Installers ask for a
 * 192 and a 512 pixel icon and a maskable one (the platform crops it to its own shape, so the
 * logo sits inside the middle 80 % circle, the safe zone, on the header colour). Without a
 * logo the default icon is drawn instead. Icon addresses carry the branding's version, so a
 * browser keeps them until the logo or the colours change; each process keeps the icons of the
 * current version only.
 */
import { createHash } from 'node:crypto';
import type { AppIconFile, BrandingSettings, WebAppManifest } from '@teamapp/contracts';
import sharp from 'sharp';

/** The page background behind the app while it starts (the shell's own background). */
export const MANIFEST_BACKGROUND = '#f8f9fa';

interface IconSpec {
  size: number;
  purpose: 'any' | 'maskable';
}

export const ICON_SPECS: Record<AppIconFile, IconSpec> = {
  'icon-192.png': { size: 192, purpose: 'any' },
  'icon-512.png': { size: 512, purpose: 'any' },
  'maskable-512.png': { size: 512, purpose: 'maskable' },
};

/**
 * The logo's share of a maskable icon's side: a square of side s fits the safe zone's circle
 * (80 % of the side across) while s·√2 ≤ 0.8, so s ≤ 0.565.
 */
const MASKABLE_LOGO_SHARE = 0.56;
/** The logo's share of an ordinary icon's side (a little margin all round). */
const ICON_LOGO_SHARE = 0.9;

type Branding = Pick<BrandingSettings, 'appTitle' | 'headerColor' | 'logoBackground' | 'logoUrl'>;

/** What the icons are made from, as a short hash: it changes with the logo or the colours. */
export function iconVersion(branding: Branding): string {
  return createHash('sha256')
    .update(`${branding.headerColor}\n${branding.logoBackground}\n${branding.logoUrl ?? ''}`)
    .digest('hex')
    .slice(0, 16);
}

/** Where the browser fetches one of the icons: the version makes a new logo a new address. */
export function iconPath(branding: Branding, file: AppIconFile): string {
  return `/api/settings/icons/${file}?v=${iconVersion(branding)}`;
}

/** A short name fits under a home-screen icon: the title's first word(s) up to 12 characters. */
export function shortName(title: string): string {
  if (title.length <= 12) return title;
  const words = title.split(/\s+/);
  let short = words[0]!;
  for (const word of words.slice(1)) {
    if (`${short} ${word}`.length > 12) break;
    short = `${short} ${word}`;
  }
  return short.slice(0, 12);
}

export function webAppManifest(branding: Branding): WebAppManifest {
  return {
    id: '/',
    name: branding.appTitle,
    short_name: shortName(branding.appTitle),
    description: `${branding.appTitle}: schedule, roster and chat of the club.`,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: branding.headerColor,
    background_color: MANIFEST_BACKGROUND,
    icons: (Object.entries(ICON_SPECS) as [AppIconFile, IconSpec][]).map(([file, spec]) => ({
      src: iconPath(branding, file),
      sizes: `${spec.size}x${spec.size}`,
      type: 'image/png',
      purpose: spec.purpose,
    })),
  };
}

/** The default mark (no logo): a white pennant on a pole, drawn on a 100 × 100 grid. */
const DEFAULT_MARK = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="512" height="512">
  <rect x="22" y="12" width="7" height="78" rx="3" fill="#ffffff"/>
  <path d="M29 14 L82 32 L29 52 Z" fill="#ffffff"/>
  <circle cx="25.5" cy="90" r="6" fill="#ffffff"/>
</svg>`,
);

function logoBytes(logoUrl: string | null): Buffer | null {
  if (!logoUrl) return null;
  const comma = logoUrl.indexOf(',');
  return comma < 0 ? null : Buffer.from(logoUrl.slice(comma + 1), 'base64');
}

const TRANSPARENT = { r: 0, g: 0, b: 0, alpha: 0 };

/** Draws one icon: the logo (or the default mark) centred on its background. */
export async function renderIcon(branding: Branding, file: AppIconFile): Promise<Buffer> {
  const { size, purpose } = ICON_SPECS[file];
  const logo = logoBytes(branding.logoUrl);
  // The default mark and a maskable icon stand on the header colour; a logo keeps its own
  // background setting (transparent by default).
  const background =
    purpose === 'maskable' || !logo
      ? branding.headerColor
      : branding.logoBackground === 'transparent'
        ? TRANSPARENT
        : branding.logoBackground;
  const share = purpose === 'maskable' ? MASKABLE_LOGO_SHARE : logo ? ICON_LOGO_SHARE : 0.7;
  const inner = Math.round(size * share);
  const mark = await sharp(logo ?? DEFAULT_MARK)
    .resize(inner, inner, { fit: 'contain', background: TRANSPARENT })
    .png()
    .toBuffer();
  return sharp({ create: { width: size, height: size, channels: 4, background } })
    .composite([{ input: mark, gravity: 'centre' }])
    .png()
    .toBuffer();
}

/** Each process keeps the icons of the current branding only. */
export function createIconStore(render: typeof renderIcon = renderIcon) {
  let version = '';
  let icons = new Map<AppIconFile, Promise<Buffer>>();
  return {
    icon(branding: Branding, file: AppIconFile): { version: string; png: Promise<Buffer> } {
      const current = iconVersion(branding);
      if (current !== version) {
        version = current;
        icons = new Map();
      }
      let png = icons.get(file);
      if (!png) {
        png = render(branding, file);
        // A failed drawing is not kept: the next request tries again.
        const kept = icons;
        png.catch(() => kept.get(file) === png && kept.delete(file));
        icons.set(file, png);
      }
      return { version: current, png };
    },
  };
}

export type IconStore = ReturnType<typeof createIconStore>;
