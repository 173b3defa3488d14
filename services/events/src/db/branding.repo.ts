/** Data access for the club's branding kept from content's branding events. */
import type { BrandingLookEvent } from '@teamapp/contracts';
import type { Database } from '@teamapp/service-kit';
import { sql } from 'drizzle-orm';
import { branding, type EventsSchema } from './schema';

export function createBrandingRepo(db: Database<EventsSchema>) {
  return {
    /** The branding last heard, or undefined before any branding event. */
    async get() {
      const [row] = await db.select().from(branding).limit(1);
      return row;
    },
    /** Keeps the branding unless a newer one is kept already; true when it was kept. */
    async remember(event: BrandingLookEvent): Promise<boolean> {
      const values = {
        appTitle: event.appTitle,
        headerColor: event.headerColor,
        logoBackground: event.logoBackground,
        logoUrl: event.logoUrl,
        updatedAt: new Date(event.updatedAt),
      };
      const rows = await db
        .insert(branding)
        .values({ id: true, ...values })
        .onConflictDoUpdate({
          target: branding.id,
          set: values,
          setWhere: sql`${branding.updatedAt} <= ${values.updatedAt.toISOString()}`,
        })
        .returning({ id: branding.id });
      return rows.length > 0;
    },
  };
}

export type BrandingRepo = ReturnType<typeof createBrandingRepo>;
