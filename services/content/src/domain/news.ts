/**
 * Team news use cases: the list (pinned first, then newest), publish, edit or pin, and delete.
 * Publishing with `notify` tells every other active member through the outbox, in the same
 * transaction as the post, so a post and its notifications commit together or not at all.
 */
import {
  NEWS_NOT_FOUND,
  type NewsChanges,
  type NewsFields,
  type NewsPost,
} from '@teamapp/contracts';
import { notFound, type InTransaction } from '@teamapp/service-kit';
import { excerptOf, type NewsPatch, type NewsRecord, type NewsRepo } from '../db/news.repo';
import type { NotificationsRepo } from '../db/notifications.repo';
import { NEWS_SCOPE, SHOWCASE_SCOPE } from './list-scopes';

export type NewsStores = { news: NewsRepo; notifications: NotificationsRepo };

/** What a change of a post shows in: the news board and the showcase's latest news. */
const SHOWN_IN = [NEWS_SCOPE, SHOWCASE_SCOPE];

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
});

export function createNewsUseCases(deps: {
  repo: NewsRepo;
  inTransaction: InTransaction<NewsStores>;
}) {
  const { repo, inTransaction } = deps;

  const read = async (news: NewsRepo, id: string): Promise<NewsPost> => {
    const row = await news.find(id);
    if (!row) throw notFound(NEWS_NOT_FOUND);
    return toNewsPost(row);
  };

  return {
    list: async (): Promise<NewsPost[]> => (await repo.list()).map(toNewsPost),

    /** Publishes a post; with `notify`, every other active member is told about it. */
    async create(
      input: NewsFields,
      authorId: string,
    ): Promise<{ post: NewsPost; notified: number }> {
      return inTransaction(async (store) => {
        const row = await store.news.insert({
          title: input.title,
          content: input.content,
          imageUrl: input.imageUrl,
          isPinned: input.isPinned,
          authorId,
        });
        store.dropCached(...SHOWN_IN);
        let notified = 0;
        if (input.notify) {
          const others = (await store.notifications.memberIds()).filter((id) => id !== authorId);
          if (others.length > 0) {
            await store.notify(others, {
              title: newsNoteTitle(row.title),
              message: excerptOf(row.content),
            });
            notified = others.length;
          }
        }
        return { post: await read(store.news, row.id), notified };
      });
    },

    /** Changes the fields sent (an edit, or only isPinned to pin or unpin). */
    async update(id: string, changes: NewsChanges): Promise<NewsPost> {
      const patch: NewsPatch = {
        ...(changes.title !== undefined && { title: changes.title }),
        ...(changes.content !== undefined && { content: changes.content }),
        ...(changes.imageUrl !== undefined && { imageUrl: changes.imageUrl }),
        ...(changes.isPinned !== undefined && { isPinned: changes.isPinned }),
      };
      return inTransaction(async (store) => {
        if (!(await store.news.update(id, patch))) throw notFound(NEWS_NOT_FOUND);
        store.dropCached(...SHOWN_IN);
        return read(store.news, id);
      });
    },

    remove: (id: string): Promise<void> =>
      inTransaction(async (store) => {
        if (!(await store.news.remove(id))) throw notFound(NEWS_NOT_FOUND);
        store.dropCached(...SHOWN_IN);
      }),

    /** The newest posts for the public showcase (see NewsRepo.latest). */
    latest: (limit: number) => repo.latest(limit),
  };
}

export type NewsUseCases = ReturnType<typeof createNewsUseCases>;
