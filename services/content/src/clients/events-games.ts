/** The schedule's public figures, read from the events service's /internal/showcase over HTTP. */
import { pathOf, showcaseGamesEndpoint, type ShowcaseGames } from '@teamapp/contracts';
import type { GamesSource } from '../domain/showcase';

export function eventsGamesSource(baseUrl: string, timeoutMs = 2000): GamesSource {
  const { mount, path, answer } = showcaseGamesEndpoint;
  const url = `${baseUrl.replace(/\/$/, '')}${mount}${pathOf(path)}`;
  return {
    async games(): Promise<ShowcaseGames> {
      const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
      if (!res.ok) throw new Error(`events answered ${res.status} for ${url}`);
      return answer.parse(await res.json()).data;
    },
  };
}
