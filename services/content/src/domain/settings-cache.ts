/**
 * GET /api/settings from memory. Every page load reads the branding, signed in or not, and it
 * changes only when an admin writes it, so each process keeps the serialized answer (and its
 * gzip, for a large logo) in the service's read cache; each settings write drops it, here and in
 * every replica, once it has committed (domain/settings.ts). A read that started before a write
 * never stores its older answer.
 */
import type { CachedAnswer, ReadCache } from '@teamapp/service-kit';
import { SETTINGS_SCOPE } from './list-scopes';

export interface SettingsCache {
  /** The kept answer, or the one `compute` makes (kept unless a write lands meanwhile). */
  read: (compute: () => Promise<string>) => Promise<CachedAnswer>;
}

/** The settings are one answer in one scope of the service's read cache. */
export const settingsCache = (cache: ReadCache): SettingsCache => ({
  read: (compute) => cache.read(SETTINGS_SCOPE, SETTINGS_SCOPE, compute),
});
