/** Branding use cases: read with defaults, update, set or clear the logo, reset. */
import {
  DEFAULT_APP_TITLE,
  DEFAULT_HEADER_COLOR,
  DEFAULT_LOGO_BACKGROUND,
  type BrandingSettings,
} from '@teamapp/contracts';
import type { SettingsRow } from '../db/schema';
import type { SettingsPatch, SettingsRepo } from '../db/settings.repo';

export const DEFAULT_SETTINGS = {
  appTitle: DEFAULT_APP_TITLE,
  headerColor: DEFAULT_HEADER_COLOR,
  logoBackground: DEFAULT_LOGO_BACKGROUND,
};

function toSettings(row: SettingsRow | undefined): BrandingSettings {
  if (!row) return { ...DEFAULT_SETTINGS, logoUrl: null, updatedAt: new Date(0).toISOString() };
  return {
    appTitle: row.appTitle,
    headerColor: row.headerColor,
    logoBackground: row.logoBackground,
    logoUrl: row.logoUrl,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function createSettingsUseCases(repo: SettingsRepo) {
  const write = async (patch: SettingsPatch) =>
    toSettings(await repo.upsert(DEFAULT_SETTINGS, patch));
  return {
    get: async () => toSettings(await repo.get()),
    update: (patch: Omit<SettingsPatch, 'logoUrl'>) => write(patch),
    setLogo: (logoUrl: string) => write({ logoUrl }),
    removeLogo: () => write({ logoUrl: null }),
    reset: () => write({ ...DEFAULT_SETTINGS, logoUrl: null }),
  };
}

export type SettingsUseCases = ReturnType<typeof createSettingsUseCases>;
