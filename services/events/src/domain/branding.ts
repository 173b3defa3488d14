/**
 * The club's branding (title, header colour, logo) for the pages the events service serves itself
 * (the one-tap answer pages, reference §2): the copy kept from content's branding events (queue
 * `events-branding`), so a page never waits on another service. The defaults until the first
 * event arrives; content publishes the branding at each of its starts, so a new events service,
 * or one whose queue was emptied, learns it then.
 */
import {
  DEFAULT_APP_TITLE,
  DEFAULT_HEADER_COLOR,
  DEFAULT_LOGO_BACKGROUND,
  type BrandingLookEvent,
} from '@teamapp/contracts';
import type { Logger } from '@teamapp/service-kit';
import type { BrandingRepo } from '../db/branding.repo';

export type Branding = Pick<
  BrandingLookEvent,
  'appTitle' | 'headerColor' | 'logoBackground' | 'logoUrl'
>;

export const DEFAULT_BRANDING: Branding = {
  appTitle: DEFAULT_APP_TITLE,
  headerColor: DEFAULT_HEADER_COLOR,
  logoBackground: DEFAULT_LOGO_BACKGROUND,
  logoUrl: null,
};

export function createBrandingUseCases({ repo }: { repo: BrandingRepo }) {
  return {
    async current(): Promise<Branding> {
      const row = await repo.get();
      if (!row) return DEFAULT_BRANDING;
      const { appTitle, headerColor, logoBackground, logoUrl } = row;
      return { appTitle, headerColor, logoBackground, logoUrl };
    },
    /** Keeps the branding content published, unless a newer one is kept already. */
    async remember(event: BrandingLookEvent, log: Logger): Promise<void> {
      const kept = await repo.remember(event);
      log.info({ appTitle: event.appTitle, kept }, 'branding received');
    },
  };
}

export type BrandingUseCases = ReturnType<typeof createBrandingUseCases>;
