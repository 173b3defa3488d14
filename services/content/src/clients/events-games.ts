/** The schedule's public figures, read from the events service's /internal/showcase over HTTP. */
import { showcaseGamesSchema, type ShowcaseGames } from '@teamapp/contracts';
import type { GamesSource } from '../domain/showcase';

export function eventsGamesSource(baseUrl: string, timeoutMs = 2000): GamesSource {
  const url = `${baseUrl.replace(/\/$/, '')}/internal/showcase`;
  return {
    async games(): Promise<ShowcaseGames> {
      const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
      if (!res.ok) throw new Error(`events answered ${res.status} for ${url}`);
      const body = (await res.json()) as { data?: unknown };
      return showcaseGamesSchema.parse(body.data);
    },
  };
}
