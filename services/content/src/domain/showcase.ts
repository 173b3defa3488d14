/**
 * The public showcase, assembled at request time: the title from branding, the member count, the
 * schedule's figures (upcoming games, the team's record, top scorers; read from the events
 * service), the latest news and the parts an admin edits. The assembled page is kept in the
 * service's read cache: every write here that it shows (the edited parts, the branding, the news,
 * the members) drops it through its unit of work, and as the schedule's figures change without
 * a write here, it is kept a few seconds at most: a schedule change shows within that time.
 *
 * With two or more active teams in the club, each public team gets its own tab (`teams`): its
 * record, league position, goal difference, fixtures and top scorers, read from the events service
 * per team. A team that is not public shows nowhere: neither its tab nor its games among the
 * club's fixtures nor its scorers among the club's top performers. A team event drops the kept
 * page (reference §2 Showcase page).
 *
 * Families: young players (content's member copy says who is a minor) are named by first name
 * and last initial, or left out of every list naming members, as the club's `showcaseMinors`
 * setting says. The figures name players by name only, so a name shared with a young player is
 * treated as theirs (the safe side).
 *
 * When the events service cannot be reached the page still answers, with no fixtures and a zero
 * record (`live: false`), and the failure is logged.
 */
import {
  EMPTY_SHOWCASE_EDITABLE,
  type BrandingSettings,
  type ShowcaseAction,
  type ShowcaseData,
  type ShowcaseEditable,
  type ShowcaseFixture,
  type ShowcaseGames,
  type ShowcaseMinors,
  type ShowcaseNewsItem,
  type ShowcasePerformer,
  type ShowcaseTeam,
  type TeamEvent,
} from '@teamapp/contracts';
import { badRequest, type InTransaction, type Logger, type ReadCache } from '@teamapp/service-kit';
import type { ShowcaseRepo } from '../db/showcase.repo';
import type { TeamsRepo } from '../db/teams.repo';
import { SHOWCASE_SCOPE } from './list-scopes';
import { escapeHtml, sanitizeShowcaseHtml } from './sanitize-html';

export const SHOWCASE_NEWS = 3;
/** The club's top performers when they are gathered from the public teams' own. */
export const SHOWCASE_PERFORMERS = 5;
export const MENS_TEAM_TITLE = "Men's Team";
const DEFAULT_COMPETITION = 'Match';
/** The page's one answer within its scope. */
const PAGE = 'page';

/** Where the latest news comes from (the news posts; see deps). */
export interface NewsSource {
  latest(limit: number): Promise<ShowcaseNewsItem[]>;
}

/** Where the schedule's figures come from (the club's, or one team's); throws when unread. */
export interface GamesSource {
  games(teamId?: string): Promise<ShowcaseGames>;
}

export const unknownTeamMessage = (teamId: string) => `teamPositions: unknown team ${teamId}`;

const NO_GAMES: ShowcaseGames = {
  upcoming: [],
  team: { played: 0, wins: 0, draws: 0, losses: 0, goalsFor: 0, goalsAgainst: 0 },
  performers: [],
};

/** "vs Harbour Town", "v. Hill United" and "Against Old Rivals" name the opponent after the prefix. */
export function opponentOf(title: string): string {
  return title.replace(/^\s*(?:vs\.?|v\.?|versus|against|@)\s+/i, '').trim() || title.trim();
}

const competitionOf = (description: string) =>
  description.split('\n')[0]!.trim().slice(0, 80) || DEFAULT_COMPETITION;

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

const recordOf = (team: ShowcaseGames['team']) => `${team.wins}-${team.draws}-${team.losses}`;
const goalDifferenceOf = (team: ShowcaseGames['team']) => signed(team.goalsFor - team.goalsAgainst);

const toPerformer = (p: { name: string; goals: number; assists: number }): ShowcasePerformer => ({
  name: p.name,
  position: '',
  image: '',
  goals: p.goals,
  assists: p.assists,
  action: null,
});

/** "Sam Taylor-Reed" as "Sam T.": the first name and the last name's initial. */
export function firstNameAndInitial(name: string): string {
  const parts = name.trim().split(/\s+/);
  if (parts.length < 2) return parts[0] ?? '';
  return `${parts[0]} ${Array.from(parts[parts.length - 1]!)[0]!.toUpperCase()}.`;
}

type GamesPerformer = ShowcaseGames['performers'][number];

/** The showcase's rule for young players: which raw figures are left out, how names show. */
function minorsRule(rule: ShowcaseMinors, minorNames: Set<string>) {
  // As the events service says of each scorer; by name only for figures that do not say.
  const isMinor = (p: GamesPerformer) => p.minor ?? minorNames.has(p.name);
  return {
    kept: (performers: GamesPerformer[]) =>
      rule === 'hidden' ? performers.filter((p) => !isMinor(p)) : performers,
    named: (p: GamesPerformer): ShowcasePerformer =>
      toPerformer(isMinor(p) ? { ...p, name: firstNameAndInitial(p.name) } : p),
  };
}

/**
 * The public teams' scorers together: goals and assists added up per name (a young player and
 * an adult of the same name apart), the best first.
 */
function gatheredPerformers(lists: GamesPerformer[][]): GamesPerformer[] {
  const byMember = new Map<string, GamesPerformer>();
  for (const p of lists.flat()) {
    const key = `${p.minor === true}:${p.name}`;
    const sum = byMember.get(key);
    byMember.set(
      key,
      sum ? { ...sum, goals: sum.goals + p.goals, assists: sum.assists + p.assists } : { ...p },
    );
  }
  return [...byMember.values()]
    .sort((a, b) => b.goals - a.goals || b.assists - a.assists || a.name.localeCompare(b.name))
    .slice(0, SHOWCASE_PERFORMERS);
}

/** Cleans every modal's HTML in the edited parts; the rest is plain text, rendered as text. */
export function sanitizeEditable(editable: ShowcaseEditable): ShowcaseEditable {
  const action = (a: ShowcaseAction | null): ShowcaseAction | null =>
    a && { ...a, content: a.type === 'modal' ? sanitizeShowcaseHtml(a.content) : '' };
  const item = <T extends { action: ShowcaseAction | null }>(i: T): T => ({
    ...i,
    action: action(i.action),
  });
  const maybe = <T extends { action: ShowcaseAction | null }>(i: T | null) => i && item(i);
  return {
    ...editable,
    featured: { main: maybe(editable.featured.main), side: editable.featured.side.map(item) },
    videos: {
      featured: maybe(editable.videos.featured),
      sidebar: editable.videos.sidebar.map(item),
    },
    partners: editable.partners.map(item),
    navigation: {
      tickets: item(editable.navigation.tickets),
      shop: item(editable.navigation.shop),
    },
  };
}

function toFixture(
  game: ShowcaseGames['upcoming'][number],
  tickets: ShowcaseEditable['navigation']['tickets'],
): ShowcaseFixture {
  const opponent = opponentOf(game.title);
  const competition = competitionOf(game.description);
  const ticketUrl = tickets.enabled && tickets.action?.type === 'link' ? tickets.action.url : '';
  const details = [`${game.date}, ${game.time}`, game.location, competition].map(escapeHtml);
  const action: ShowcaseAction = ticketUrl
    ? { type: 'link', title: `Tickets: ${opponent}`, content: '', image: '', url: ticketUrl }
    : {
        type: 'modal',
        title: game.title,
        content: details.map((line) => `<p>${line}</p>`).join(''),
        image: '',
        url: '',
      };
  return {
    id: game.id,
    date: game.date,
    opponent,
    location: game.location,
    competition,
    time: game.time,
    startsAt: game.startsAt,
    tickets: { available: ticketUrl !== '', url: ticketUrl },
    action,
  };
}

export function createShowcaseUseCases(deps: {
  repo: ShowcaseRepo;
  /** The club's teams as content keeps them from auth's team events. */
  teams: TeamsRepo;
  inTransaction: InTransaction<{ showcase: ShowcaseRepo; teams: TeamsRepo }>;
  /** The service's read cache, which keeps the assembled page. */
  cache: ReadCache;
  branding: { get(): Promise<BrandingSettings> };
  news: NewsSource;
  games: GamesSource;
  log: Logger;
  /** How long an assembled page is reused at most (ms). */
  ttlMs?: number;
}) {
  const ttl = deps.ttlMs ?? 3000;

  const editable = async () => (await deps.repo.get()) ?? EMPTY_SHOWCASE_EDITABLE;

  async function readGames(teamId?: string): Promise<ShowcaseGames | undefined> {
    try {
      return await deps.games.games(teamId);
    } catch (err) {
      deps.log.warn({ err, teamId }, 'showcase: schedule figures unavailable');
      return undefined;
    }
  }

  async function readNews(): Promise<ShowcaseNewsItem[]> {
    try {
      // The page renders a modal's content as HTML: news is cleaned like everything else.
      const items = await deps.news.latest(SHOWCASE_NEWS);
      return items.map((n) => ({
        ...n,
        action: { ...n.action, content: sanitizeShowcaseHtml(n.action.content) },
      }));
    } catch (err) {
      deps.log.warn({ err }, 'showcase: news unavailable');
      return [];
    }
  }

  /** Whether the club has several active teams, and the public ones shown then (else none). */
  async function shownTeams() {
    const active = await deps.teams.active();
    const several = active.length >= 2;
    return { several, shown: several ? active.filter((t) => t.public) : [] };
  }

  async function assemble(): Promise<ShowcaseData> {
    const [edited, branding, players, read, news, { several, shown }, minors] = await Promise.all([
      editable(),
      deps.branding.get(),
      deps.repo.activeMembers(),
      readGames(),
      readNews(),
      shownTeams(),
      deps.repo.minorNames(),
    ]);
    const { kept, named } = minorsRule(branding.showcaseMinors ?? 'initial', minors);
    const teamReads = await Promise.all(shown.map((t) => readGames(t.id)));
    const games = read ?? NO_GAMES;
    const { team } = games;
    const fixture = (g: ShowcaseGames['upcoming'][number]) =>
      toFixture(g, edited.navigation.tickets);
    const positions = edited.teamPositions ?? {};
    const teams: ShowcaseTeam[] = shown.map((t, i) => {
      const own = teamReads[i] ?? NO_GAMES;
      return {
        id: t.id,
        name: t.name,
        colour: t.colour,
        record: recordOf(own.team),
        position: positions[t.id] ?? '',
        goalDifference: goalDifferenceOf(own.team),
        fixtures: own.upcoming.map(fixture),
        players: kept(own.performers).map(named),
      };
    });
    // With several teams, the club's lists hold club-wide games and the public teams' only.
    const publicIds = new Set(shown.map((t) => t.id));
    const upcoming = several
      ? games.upcoming.filter((g) => g.teamId === null || publicIds.has(g.teamId))
      : games.upcoming;
    return {
      hero: {
        title: branding.appTitle,
        subtitle: edited.subtitle,
        stats: [
          { value: String(players), label: 'Players' },
          { value: String(team.played), label: 'Games Played' },
          { value: String(team.wins), label: 'Wins' },
        ],
      },
      navigation: edited.navigation,
      featured: edited.featured,
      teamStats: {
        mens: {
          title: MENS_TEAM_TITLE,
          record: recordOf(team),
          position: edited.leaguePosition,
          goalDifference: goalDifferenceOf(team),
        },
      },
      news,
      fixtures: upcoming.map(fixture),
      // Gathered by full name before a young player's is shortened (two "Sam T." stay two).
      players: (several
        ? gatheredPerformers(teamReads.map((r) => kept(r?.performers ?? [])))
        : kept(games.performers)
      ).map(named),
      videos: edited.videos,
      partners: edited.partners,
      joinEmail: edited.joinEmail,
      leaguePosition: edited.leaguePosition,
      live: read !== undefined && teamReads.every((r) => r !== undefined),
      teams,
    };
  }

  /** The assembled showcase (reused until a write here drops it, a few seconds at most). */
  const get = async (): Promise<ShowcaseData> => {
    const kept = await deps.cache.read(
      SHOWCASE_SCOPE,
      PAGE,
      async () => JSON.stringify(await assemble()),
      { maxAgeMs: ttl },
    );
    return JSON.parse(kept.body.toString()) as ShowcaseData;
  };

  return {
    get,
    /** Stores the edited parts with every modal's HTML cleaned; answers the new showcase. */
    async save(input: ShowcaseEditable, userId: string): Promise<ShowcaseData> {
      await deps.inTransaction(async (store) => {
        const given = input.teamPositions;
        if (given) {
          const [unknown] = await store.teams.unknown(Object.keys(given));
          if (unknown) throw badRequest(unknownTeamMessage(unknown), 'teamPositions');
        }
        // Left out, the positions stored stay (an editor that does not know them keeps them).
        const teamPositions = given ?? (await store.showcase.get())?.teamPositions ?? {};
        await store.showcase.save(sanitizeEditable({ ...input, teamPositions }), userId);
        store.dropCached(SHOWCASE_SCOPE);
      });
      return get();
    },
    /**
     * Records a team event (queue `content-teams`); a team's name, colour, public flag or
     * archiving shows on the page, so an applied event drops the kept page.
     */
    teamChanged: (event: TeamEvent): Promise<boolean> =>
      deps.inTransaction(async (store) => {
        const applied = await store.teams.apply(event);
        if (applied) store.dropCached(SHOWCASE_SCOPE);
        return applied;
      }),
    /** When the page now kept was assembled, or undefined when none is kept. */
    cachedAt: (): number | undefined => deps.cache.keptAt(SHOWCASE_SCOPE, PAGE),
  };
}

export type ShowcaseUseCases = ReturnType<typeof createShowcaseUseCases>;
