/**
 * /api/news: team news for every signed-in member; publishing, editing, pinning and deleting for
 * admins (reference §6). A player's write is refused with reference §8's 403 text. Paths, inputs
 * and answers come from `newsEndpoints` in packages/contracts.
 */
import type { Router } from '@koa/router';
import { newsEndpoints as api } from '@teamapp/contracts';
import { createRouter, route, sendCached } from '@teamapp/service-kit';
import { NEWS_SCOPE } from '../../domain/list-scopes';
import type { ContentDeps } from '../../deps';

export function newsRouter({ auth, lists, news }: ContentDeps): Router {
  const router = createRouter('/api/news');
  const adminOnly = [auth.requireAuth, auth.requireRole('admin')];

  // The same board for everyone: computed once per change (deps.lists).
  route(router, api.list, auth.requireAuth).handle(async (ctx) => {
    const answer = await lists.read(NEWS_SCOPE, 'board', async () =>
      JSON.stringify({ success: true, data: await news.list() }),
    );
    sendCached(ctx, answer);
    return undefined;
  });

  route(router, api.create, ...adminOnly).handle(async (ctx) => {
    const { post, notified } = await news.create(ctx.state.input.body, ctx.state.user.id);
    ctx.state.log.info({ newsId: post.id, notified }, 'news posted');
    return { success: true, data: post };
  });

  route(router, api.update, ...adminOnly).handle(async (ctx) => {
    const { params, body } = ctx.state.input;
    const post = await news.update(params.id, body);
    ctx.state.log.info({ newsId: post.id, fields: Object.keys(body) }, 'news updated');
    return { success: true, data: post };
  });

  route(router, api.remove, ...adminOnly).handle(async (ctx) => {
    await news.remove(ctx.state.input.params.id);
    ctx.state.log.info({ newsId: ctx.state.input.params.id }, 'news deleted');
    return { success: true };
  });

  return router;
}
