/** The schedule's public figures (the club's or one team's), read from the events service's /internal/showcase over HTTP. */
import { pathOf, showcaseGamesEndpoint, type ShowcaseGames } from '@teamapp/contracts';
import type { GamesSource } from '../domain/showcase';

export function eventsGamesSource(baseUrl: string, timeoutMs = 2000): GamesSource {
  const { mount, path, answer } = showcaseGamesEndpoint;
  const url = `${baseUrl.replace(/\/$/, '')}${mount}${pathOf(path)}`;
  return {
    async games(teamId?: string): Promise<ShowcaseGames> {
      // The endpoint declares no query; the events service reads `?teamId=` itself.
      const target = teamId ? `${url}?teamId=${encodeURIComponent(teamId)}` : url;
      const res = await fetch(target, { signal: AbortSignal.timeout(timeoutMs) });
      if (!res.ok) throw new Error(`events answered ${res.status} for ${target}`);
      return answer.parse(await res.json()).data;
    },
  };
}
