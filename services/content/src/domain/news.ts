/**
 * News use cases: the boards (pinned first, then newest), publish, edit or pin, and delete.
 * A post is the club's (no team: club admins run it, everyone reads it) or a team's (a coach of
 * the team or a club admin runs it; the team's members, its coaches and club admins read it).
 * Publishing with `notify` tells the post's readers other than its author through the outbox, in
 * the same transaction as the post, so a post and its notifications commit together or not at
 * all.
 */
import {
  NEWS_NOT_FOUND,
  TEAM_COACH_ONLY,
  TEAM_NOT_FOUND,
  type NewsChanges,
  type NewsFields,
  type NewsPost,
} from '@teamapp/contracts';
import {
  forbidden,
  mayCoachTeam,
  notFound,
  requireCoachOf,
  type AuthUser,
  type InTransaction,
  type TeamCaller,
} from '@teamapp/service-kit';
import {
  excerptOf,
  type NewsBoard,
  type NewsPatch,
  type NewsRecord,
  type NewsRepo,
} from '../db/news.repo';
import type { NotificationsRepo } from '../db/notifications.repo';
import type { TeamsRepo } from '../db/teams.repo';
import { NEWS_ALL_SCOPE, NEWS_SCOPE, newsTeamScope, SHOWCASE_SCOPE } from './list-scopes';

export type NewsStores = { news: NewsRepo; notifications: NotificationsRepo; teams: TeamsRepo };

/** Who is asking: the signed-in user as the routes know them. */
export type NewsCallerUser = Pick<AuthUser, 'id' | 'role'>;

/** A board the caller reads, with the read-cache scope it is kept in. */
export interface ReadBoard {
  scope: string;
  board: NewsBoard;
}

/**
 * What a change of a post shows in: its own board and the club admins' board; a club post also
 * in the public showcase's latest news.
 */
export const scopesOfPost = (teamId: string | null): string[] =>
  teamId === null
    ? [NEWS_SCOPE, NEWS_ALL_SCOPE, SHOWCASE_SCOPE]
    : [newsTeamScope(teamId), NEWS_ALL_SCOPE];

/** A notification's title holds at most 200 characters (the `notifications` job's limit). */
const NOTE_TITLE_MAX = 200;

export const newsNoteTitle = (title: string) => {
  const full = `News: ${title}`;
  return full.length <= NOTE_TITLE_MAX ? full : `${full.slice(0, NOTE_TITLE_MAX - 1)}…`;
};

export const toNewsPost = (row: NewsRecord): NewsPost => ({
  id: row.id,
  title: row.title,
  content: row.content,
  author_id: row.authorId,
  author_name: row.authorName,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
  image_url: row.imageUrl,
  is_pinned: row.isPinned,
  teamId: row.teamId,
});

/** True when `a` is listed before `b`: pinned first, then newest, the id breaking ties. */
const listedBefore = (a: NewsPost, b: NewsPost): boolean => {
  if (a.is_pinned !== b.is_pinned) return a.is_pinned;
  if (a.created_at !== b.created_at) return a.created_at > b.created_at;
  return a.id > b.id;
};

/**
 * One list from several boards, each already in board order (each post is on one board): their
 * own order is kept, and the boards are merged by `listedBefore`.
 */
export function mergeBoards(boards: readonly NewsPost[][]): NewsPost[] {
  const next = boards.map(() => 0);
  const merged: NewsPost[] = [];
  for (;;) {
    let pick = -1;
    let head: NewsPost | undefined;
    boards.forEach((board, i) => {
      const candidate = board[next[i]!];
      if (candidate && (!head || listedBefore(candidate, head))) {
        pick = i;
        head = candidate;
      }
    });
    if (!head) return merged;
    merged.push(head);
    next[pick]! += 1;
  }
}

export function createNewsUseCases(deps: {
  repo: NewsRepo;
  members: Pick<NotificationsRepo, 'membershipsOf'>;
  inTransaction: InTransaction<NewsStores>;
}) {
  const { repo, members, inTransaction } = deps;

  const callerOf = async (
    people: Pick<NotificationsRepo, 'membershipsOf'>,
    user: NewsCallerUser,
  ): Promise<TeamCaller> => ({ user, memberships: await people.membershipsOf(user.id) });

  const read = async (news: NewsRepo, id: string): Promise<NewsPost> => {
    const row = await news.find(id);
    if (!row) throw notFound(NEWS_NOT_FOUND);
    return toNewsPost(row);
  };

  /** The post, once the caller may run it: 404 when they may not see it, 403 when not coach. */
  const runnable = async (store: NewsStores, id: string, user: NewsCallerUser) => {
    const row = await store.news.find(id);
    if (!row) throw notFound(NEWS_NOT_FOUND);
    const caller = await callerOf(store.notifications, user);
    requireCoachOf(caller, row.teamId, NEWS_NOT_FOUND, row.teamId ? TEAM_COACH_ONLY : undefined);
    return row;
  };

  return {
    /**
     * The boards the caller reads: a club admin every post; anyone else the club posts and the
     * posts of each team they are in.
     */
    async boardsOf(user: NewsCallerUser): Promise<ReadBoard[]> {
      if (user.role === 'admin') return [{ scope: NEWS_ALL_SCOPE, board: { all: true } }];
      const { memberships } = await callerOf(members, user);
      return [
        { scope: NEWS_SCOPE, board: { teamId: null } },
        ...memberships.map((m) => ({
          scope: newsTeamScope(m.teamId),
          board: { teamId: m.teamId },
        })),
      ];
    },

    list: async (board: NewsBoard): Promise<NewsPost[]> => (await repo.list(board)).map(toNewsPost),

    /**
     * Publishes a post: a team's (404 for a team that is unknown or archived, 403 unless the
     * caller coaches it or is a club admin) or the club's (club admins only). With `notify`,
     * the post's readers other than the author are told: the team's active members, or every
     * active member.
     */
    async create(
      input: NewsFields,
      user: NewsCallerUser,
    ): Promise<{ post: NewsPost; notified: number }> {
      const teamId = input.teamId ?? null;
      return inTransaction(async (store) => {
        const caller = await callerOf(store.notifications, user);
        if (teamId !== null && !(await store.teams.isActive(teamId)))
          throw notFound(TEAM_NOT_FOUND);
        if (!mayCoachTeam(caller, teamId))
          throw forbidden(teamId === null ? undefined : TEAM_COACH_ONLY);
        const row = await store.news.insert({
          title: input.title,
          content: input.content,
          imageUrl: input.imageUrl,
          isPinned: input.isPinned,
          authorId: user.id,
          teamId,
        });
        store.dropCached(...scopesOfPost(teamId));
        let notified = 0;
        if (input.notify) {
          const readers =
            teamId === null
              ? await store.notifications.memberIds()
              : await store.notifications.teamMemberIds(teamId);
          const others = readers.filter((id) => id !== user.id);
          if (others.length > 0) {
            await store.notify(others, {
              title: newsNoteTitle(row.title),
              message: excerptOf(row.content),
              kind: 'news',
            });
            notified = others.length;
          }
        }
        return { post: await read(store.news, row.id), notified };
      });
    },

    /** Changes the fields sent (an edit, or only isPinned to pin or unpin). */
    async update(id: string, changes: NewsChanges, user: NewsCallerUser): Promise<NewsPost> {
      const patch: NewsPatch = {
        ...(changes.title !== undefined && { title: changes.title }),
        ...(changes.content !== undefined && { content: changes.content }),
        ...(changes.imageUrl !== undefined && { imageUrl: changes.imageUrl }),
        ...(changes.isPinned !== undefined && { isPinned: changes.isPinned }),
      };
      return inTransaction(async (store) => {
        const row = await runnable(store, id, user);
        if (!(await store.news.update(id, patch))) throw notFound(NEWS_NOT_FOUND);
        store.dropCached(...scopesOfPost(row.teamId));
        return read(store.news, id);
      });
    },

    remove: (id: string, user: NewsCallerUser): Promise<void> =>
      inTransaction(async (store) => {
        const row = await runnable(store, id, user);
        if (!(await store.news.remove(id))) throw notFound(NEWS_NOT_FOUND);
        store.dropCached(...scopesOfPost(row.teamId));
      }),

    /** The newest club posts for the public showcase (see NewsRepo.latest). */
    latest: (limit: number) => repo.latest(limit),
  };
}

export type NewsUseCases = ReturnType<typeof createNewsUseCases>;
