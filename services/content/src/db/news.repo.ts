/**
 * Data access for team news. Every read names the author from the member list: the member's name
 * while they are an active member whose name is known, else "Unknown Author".
 */
import { NEWS_UNKNOWN_AUTHOR, sliceWhole } from '@teamapp/contracts';
import { type Database, deleteWhere, updateById } from '@teamapp/service-kit';
import { and, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { members, news, type ContentSchema, type NewsRow } from './schema';

/** A post with the name its author is shown by. */
export type NewsRecord = NewsRow & { authorName: string };

export type NewsPatch = Partial<Pick<NewsRow, 'title' | 'content' | 'imageUrl' | 'isPinned'>>;

/** Which posts a board holds: every post, the club posts, or one team's. */
export type NewsBoard = { all: true } | { teamId: string | null };

const boardCondition = (board: NewsBoard): SQL | undefined => {
  if ('all' in board) return undefined;
  return board.teamId === null ? isNull(news.teamId) : eq(news.teamId, board.teamId);
};

/** What the public showcase shows of a post (see `latest`). */
export interface NewsHeadline {
  id: string;
  title: string;
  /** The start of the content, on one line, at most EXCERPT_LENGTH characters. */
  excerpt: string;
  content: string;
  imageUrl: string | null;
  authorName: string;
  createdAt: Date;
  pinned: boolean;
}

export const EXCERPT_LENGTH = 160;

/** The start of a post's text on one line, cut at a word where it can be. */
export function excerptOf(content: string, length = EXCERPT_LENGTH): string {
  const flat = content.replace(/\s+/g, ' ').trim();
  if (flat.length <= length) return flat;
  const cut = sliceWhole(flat, length - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > length / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

const authorName = sql<string>`case when ${members.active} and ${members.name} is not null
  then ${members.name} else ${NEWS_UNKNOWN_AUTHOR} end`;

/** Pinned first, then newest first; the id breaks ties so the order is stable. */
const boardOrder = [desc(news.isPinned), desc(news.createdAt), desc(news.id)];

export function createNewsRepo(db: Database<ContentSchema>) {
  const withAuthor = () =>
    db
      .select({ post: news, authorName })
      .from(news)
      .leftJoin(members, eq(members.userId, news.authorId));
  const flatten = (rows: { post: NewsRow; authorName: string }[]): NewsRecord[] =>
    rows.map((r) => ({ ...r.post, authorName: r.authorName }));

  return {
    async list(board: NewsBoard): Promise<NewsRecord[]> {
      return flatten(
        await withAuthor()
          .where(boardCondition(board))
          .orderBy(...boardOrder),
      );
    },
    async find(id: string): Promise<NewsRecord | undefined> {
      return flatten(await withAuthor().where(eq(news.id, id)).limit(1))[0];
    },
    async insert(values: {
      title: string;
      content: string;
      imageUrl: string | null;
      isPinned: boolean;
      authorId: string;
      teamId: string | null;
    }): Promise<NewsRow> {
      const [row] = await db.insert(news).values(values).returning();
      return row!;
    },
    /** Writes the patch; undefined when there is no such post. */
    async update(id: string, patch: NewsPatch): Promise<NewsRow | undefined> {
      return updateById(db, news, id, patch);
    },
    /** True when a post was deleted. */
    async remove(id: string): Promise<boolean> {
      return deleteWhere(db, news, { id });
    },
    /** The teams the member has posted to (for the boards that name them as author). */
    async teamsPostedToBy(authorId: string): Promise<string[]> {
      const rows = await db
        .selectDistinct({ teamId: news.teamId })
        .from(news)
        .where(and(eq(news.authorId, authorId), isNotNull(news.teamId)));
      return rows.flatMap((r) => (r.teamId ? [r.teamId] : []));
    },
    /**
     * The `limit` newest club posts (newest first, pinned or not), as the public showcase's news
     * cards show them; a team's posts stay inside the club.
     */
    async latest(limit: number): Promise<NewsHeadline[]> {
      const rows = flatten(
        await withAuthor()
          .where(isNull(news.teamId))
          .orderBy(desc(news.createdAt), desc(news.id))
          .limit(Math.max(0, Math.floor(limit))),
      );
      return rows.map((r) => ({
        id: r.id,
        title: r.title,
        excerpt: excerptOf(r.content),
        content: r.content,
        imageUrl: r.imageUrl,
        authorName: r.authorName,
        createdAt: r.createdAt,
        pinned: r.isPinned,
      }));
    },
  };
}

export type NewsRepo = ReturnType<typeof createNewsRepo>;
