/**
 * The club's branding (title, header colour, logo), read from the content service's GET
 * /api/settings over HTTP for the pages the events service serves itself (the one-tap answer
 * pages, reference §2). Kept a minute; when content cannot be reached, the last branding read,
 * or the defaults, so a page never waits on it or fails for it.
 */
import {
  DEFAULT_APP_TITLE,
  DEFAULT_HEADER_COLOR,
  DEFAULT_LOGO_BACKGROUND,
  pathOf,
  settingsEndpoints,
  type BrandingSettings,
} from '@teamapp/contracts';
import type { Logger } from '@teamapp/service-kit';

export type Branding = Pick<
  BrandingSettings,
  'appTitle' | 'headerColor' | 'logoBackground' | 'logoUrl'
>;

export const DEFAULT_BRANDING: Branding = {
  appTitle: DEFAULT_APP_TITLE,
  headerColor: DEFAULT_HEADER_COLOR,
  logoBackground: DEFAULT_LOGO_BACKGROUND,
  logoUrl: null,
};

export interface BrandingSource {
  current(): Promise<Branding>;
}

export function contentBrandingSource(
  baseUrl: string,
  log: Logger,
  options: { timeoutMs?: number; keepMs?: number; now?: () => number } = {},
): BrandingSource {
  const { mount, path, answer } = settingsEndpoints.get;
  const url = `${baseUrl.replace(/\/$/, '')}${mount}${pathOf(path)}`;
  const now = options.now ?? Date.now;
  let kept: { branding: Branding; at: number } | undefined;
  return {
    async current() {
      if (kept && now() - kept.at < (options.keepMs ?? 60_000)) return kept.branding;
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(options.timeoutMs ?? 1500) });
        if (!res.ok) throw new Error(`content answered ${res.status} for ${url}`);
        const { appTitle, headerColor, logoBackground, logoUrl } = answer.parse(
          await res.json(),
        ).data;
        kept = { branding: { appTitle, headerColor, logoBackground, logoUrl }, at: now() };
        return kept.branding;
      } catch (err) {
        log.warn({ err }, 'branding unavailable; the last known or the default is used');
        return kept?.branding ?? DEFAULT_BRANDING;
      }
    },
  };
}
