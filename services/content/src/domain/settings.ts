/**
 * Branding use cases: read with defaults, update, set (checked by content) or clear the logo,
 * reset. Every write also publishes the branding (every queue of BRANDING_EVENT_QUEUES) in the same
 * transaction, so the mailer and auth (which names the first team after the club) always know the
 * app title, auth the club's adult age (it counts ages by it), and the events service the whole
 * look for its answer pages, without asking this service.
 */
import {
  ADULT_AGE,
  BRANDING_EVENT_QUEUES,
  DEFAULT_APP_TITLE,
  DEFAULT_HEADER_COLOR,
  DEFAULT_LOGO_BACKGROUND,
  DEFAULT_SHOWCASE_MINORS,
  type BrandingLookEvent,
  type BrandingSettings,
} from '@teamapp/contracts';
import type { InTransaction, OutboxWriter } from '@teamapp/service-kit';
import type { SettingsRow } from '../db/schema';
import type { SettingsPatch, SettingsRepo } from '../db/settings.repo';
import { SETTINGS_SCOPE, SHOWCASE_SCOPE } from './list-scopes';
import { iconPath } from './app-icons';
import { checkLogo } from './logo-image';

export const DEFAULT_SETTINGS = {
  appTitle: DEFAULT_APP_TITLE,
  headerColor: DEFAULT_HEADER_COLOR,
  logoBackground: DEFAULT_LOGO_BACKGROUND,
};

function toSettings(row: SettingsRow | undefined): BrandingSettings {
  if (!row) {
    return {
      ...DEFAULT_SETTINGS,
      logoUrl: null,
      updatedAt: new Date(0).toISOString(),
      showcaseMinors: DEFAULT_SHOWCASE_MINORS,
      adultAge: ADULT_AGE,
    };
  }
  return {
    appTitle: row.appTitle,
    headerColor: row.headerColor,
    logoBackground: row.logoBackground,
    logoUrl: row.logoUrl,
    updatedAt: row.updatedAt.toISOString(),
    showcaseMinors: row.showcaseMinors,
    adultAge: row.adultAge,
  };
}

/**
 * The whole look: each queue's schema keeps what its service reads (the title, or all of it).
 * The logo travels as the address of the club's icon made from it, never as the picture (a data
 * URL of up to 2 MB in every event, republished at each start).
 */
const toEvent = (settings: BrandingSettings): BrandingLookEvent => ({
  appTitle: settings.appTitle,
  headerColor: settings.headerColor,
  logoBackground: settings.logoBackground,
  logoUrl: settings.logoUrl ? iconPath(settings, 'icon-192.png') : null,
  updatedAt: settings.updatedAt,
  adultAge: settings.adultAge ?? ADULT_AGE,
});

/** Tells every service that keeps the branding: each reads a queue of its own. */
async function publishBranding(store: OutboxWriter, settings: BrandingSettings) {
  for (const queue of BRANDING_EVENT_QUEUES) await store.enqueue(queue, toEvent(settings));
}

export function createSettingsUseCases(deps: {
  repo: SettingsRepo;
  inTransaction: InTransaction<{ settings: SettingsRepo }>;
}) {
  const write = (patch: SettingsPatch) =>
    deps.inTransaction(async (store) => {
      const row = toSettings(await store.settings.upsert(DEFAULT_SETTINGS, patch));
      await publishBranding(store, row);
      // The kept GET answer, and the showcase, whose title is the app's.
      store.dropCached(SETTINGS_SCOPE, SHOWCASE_SCOPE);
      return row;
    });
  return {
    get: async () => toSettings(await deps.repo.get()),
    /** Publishes the current branding (at start, so a mailer with an empty Redis learns it). */
    announce: () =>
      deps.inTransaction(async (store) => {
        await publishBranding(store, toSettings(await store.settings.get()));
      }),
    update: (patch: Omit<SettingsPatch, 'logoUrl'>) => write(patch),
    /** Stores the logo once its content is checked (domain/logo-image.ts). */
    setLogo: async (logoUrl: string) => write({ logoUrl: await checkLogo(logoUrl) }),
    removeLogo: () => write({ logoUrl: null }),
    // How the showcase shows young players and the adult age are not branding: a reset keeps
    // them.
    reset: () => write({ ...DEFAULT_SETTINGS, logoUrl: null }),
  };
}

export type SettingsUseCases = ReturnType<typeof createSettingsUseCases>;
