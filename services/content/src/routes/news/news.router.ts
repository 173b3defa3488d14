/**
 * /api/news: the news for every signed-in member (the club posts and their teams' posts; every
 * post for club admins); publishing, editing, pinning and deleting a club post for club admins,
 * and a team post for the team's coaches too (reference §6). Who may run a post is decided in the
 * use case (domain/news.ts), as it depends on the post's team; a refusal is reference §8's 403,
 * or 404 for a team post the caller may not see. Paths, inputs and answers come from
 * `newsEndpoints` in packages/contracts.
 */
import type { Router } from '@koa/router';
import { newsEndpoints as api, type NewsPost } from '@teamapp/contracts';
import { access, createRouter, route, sendCached } from '@teamapp/service-kit';
import { mergeBoards } from '../../domain/news';
import type { ContentDeps } from '../../deps';

const BOARD_KEY = 'board';

export function newsRouter({ auth, lists, news }: ContentDeps): Router {
  const router = createRouter('/api/news');
  const postsCoach = [auth.requireAuth, access.coach("the post's team")];

  // Each board (the club's, each team's, the admins' whole one) computed once per change
  // (deps.lists); a member in teams reads several, merged in board order.
  route(router, api.list, auth.requireAuth).handle(async (ctx) => {
    const boards = await news.boardsOf(ctx.state.user);
    const answers = await Promise.all(
      boards.map(({ scope, board }) =>
        lists.read(scope, BOARD_KEY, async () =>
          JSON.stringify({ success: true, data: await news.list(board) }),
        ),
      ),
    );
    if (answers.length === 1) {
      sendCached(ctx, answers[0]!);
      return undefined;
    }
    const posts = answers.map(
      (a) => (JSON.parse(a.body.toString('utf8')) as { data: NewsPost[] }).data,
    );
    return { success: true, data: mergeBoards(posts) };
  });

  route(router, api.create, ...postsCoach).handle(async (ctx) => {
    const { post, notified } = await news.create(ctx.state.input.body, ctx.state.user);
    ctx.state.log.info({ newsId: post.id, teamId: post.teamId, notified }, 'news posted');
    return { success: true, data: post };
  });

  route(router, api.update, ...postsCoach).handle(async (ctx) => {
    const { params, body } = ctx.state.input;
    const post = await news.update(params.id, body, ctx.state.user);
    ctx.state.log.info({ newsId: post.id, fields: Object.keys(body) }, 'news updated');
    return { success: true, data: post };
  });

  route(router, api.remove, ...postsCoach).handle(async (ctx) => {
    await news.remove(ctx.state.input.params.id, ctx.state.user);
    ctx.state.log.info({ newsId: ctx.state.input.params.id }, 'news deleted');
    return { success: true };
  });

  return router;
}
