/** Data access for the branding row. */
import type { Database } from '@teamapp/service-kit';
import { eq, sql } from 'drizzle-orm';
import { settings, type ContentSchema, type SettingsRow } from './schema';

const ROW_ID = 1;

export type SettingsPatch = Partial<
  Pick<
    SettingsRow,
    'appTitle' | 'headerColor' | 'logoBackground' | 'logoUrl' | 'showcaseMinors' | 'adultAge'
  >
>;

export function createSettingsRepo(db: Database<ContentSchema>) {
  return {
    async get(): Promise<SettingsRow | undefined> {
      const [row] = await db.select().from(settings).where(eq(settings.id, ROW_ID)).limit(1);
      return row;
    },
    /** Writes the patch over the stored row (or over `defaults` when there is none yet). */
    async upsert(
      defaults: Omit<SettingsPatch, 'logoUrl' | 'showcaseMinors' | 'adultAge'> &
        Required<Pick<SettingsRow, 'appTitle' | 'headerColor' | 'logoBackground'>>,
      patch: SettingsPatch,
    ): Promise<SettingsRow> {
      const [row] = await db
        .insert(settings)
        .values({ id: ROW_ID, ...defaults, ...patch, updatedAt: sql`now()` })
        .onConflictDoUpdate({ target: settings.id, set: { ...patch, updatedAt: sql`now()` } })
        .returning();
      return row!;
    },
  };
}

export type SettingsRepo = ReturnType<typeof createSettingsRepo>;
