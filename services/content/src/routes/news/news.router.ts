/**
 * /api/news: team news for every signed-in member; publishing, editing, pinning and deleting for
 * admins (reference §6). A player's write is refused with reference §8's 403 text.
 */
import type { Router } from '@koa/router';
import {
  sendCached,
  validate,
  type ApiContext,
  type InputOf,
  createRouter,
} from '@teamapp/service-kit';
import { NEWS_SCOPE } from '../../domain/list-scopes';
import type { ContentDeps } from '../../deps';
import { createNewsRequest, deleteNewsRequest, updateNewsRequest } from './news.schema';

export function newsRouter({ auth, lists, news }: ContentDeps): Router {
  const router = createRouter('/api/news');
  const adminOnly = [auth.requireAuth, auth.requireRole('admin')];

  // The same board for everyone: computed once per change (deps.lists).
  router.get('/', auth.requireAuth, async (ctx: ApiContext) => {
    const answer = await lists.read(NEWS_SCOPE, 'board', async () =>
      JSON.stringify({ success: true, data: await news.list() }),
    );
    sendCached(ctx, answer);
  });

  router.post(
    '/',
    ...adminOnly,
    validate(createNewsRequest),
    async (ctx: ApiContext<InputOf<typeof createNewsRequest>>) => {
      const { post, notified } = await news.create(ctx.state.input.body, ctx.state.user.id);
      ctx.state.log.info({ newsId: post.id, notified }, 'news posted');
      ctx.status = 201;
      ctx.body = { success: true, data: post };
    },
  );

  router.put(
    '/:id',
    ...adminOnly,
    validate(updateNewsRequest),
    async (ctx: ApiContext<InputOf<typeof updateNewsRequest>>) => {
      const { params, body } = ctx.state.input;
      const post = await news.update(params.id, body);
      ctx.state.log.info({ newsId: post.id, fields: Object.keys(body) }, 'news updated');
      ctx.body = { success: true, data: post };
    },
  );

  router.delete(
    '/:id',
    ...adminOnly,
    validate(deleteNewsRequest),
    async (ctx: ApiContext<InputOf<typeof deleteNewsRequest>>) => {
      await news.remove(ctx.state.input.params.id);
      ctx.state.log.info({ newsId: ctx.state.input.params.id }, 'news deleted');
      ctx.body = { success: true };
    },
  );

  return router;
}
