/**
 * The queues board for admins. POST /api/settings/queues-ticket (admins) answers the board's
 * address with a single-use ticket; GET /admin/queues/session?ticket= exchanges it for an HttpOnly,
 * SameSite=Strict cookie scoped to /admin/queues and goes to the board; every other request under
 * /admin/queues needs that cookie and a live sign-in behind it (401 otherwise) and is answered by
 * bull-board (every queue: waiting, active, delayed, failed with reasons; retry and remove).
 * The ticket's route comes from `settingsEndpoints.queuesTicket` in packages/contracts; the board
 * itself (HTML, a redirect and bull-board's own calls) is plain middleware.
 */
import type { Router } from '@koa/router';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { KoaAdapter } from '@bull-board/koa';
import { QUEUE_NAMES, settingsEndpoints } from '@teamapp/contracts';
import { createRouter, route, unauthorized, type Queues } from '@teamapp/service-kit';
import type { Context, Next } from 'koa';
import type { ContentDeps } from '../../deps';
import { QUEUES_BOARD_TTL_S } from '../../domain/queues-board';

export const QUEUES_BOARD_PATH = '/admin/queues';
const COOKIE = 'teamapp_queues';

export function queuesTicketRouter({ auth, queuesBoard }: ContentDeps): Router {
  const router = createRouter('/api/settings/queues-ticket');
  route(router, settingsEndpoints.queuesTicket, auth.requireAuth, auth.requireRole('admin')).handle(
    async (ctx) => {
      const ticket = await queuesBoard.issueTicket(ctx.state.user);
      ctx.state.log.info('queues board ticket issued');
      return {
        success: true,
        data: { url: `${QUEUES_BOARD_PATH}/session?ticket=${encodeURIComponent(ticket)}` },
      };
    },
  );
  return router;
}

/** The board, mounted at /admin/queues behind the cookie check, over every queue there is. */
export function queuesBoard({ queuesBoard: access }: ContentDeps, queues: Queues) {
  const serverAdapter = new KoaAdapter();
  serverAdapter.setBasePath(QUEUES_BOARD_PATH);
  createBullBoard({
    queues: Object.values(QUEUE_NAMES).map((name) => new BullMQAdapter(queues.queue(name))),
    serverAdapter,
    options: { uiConfig: { boardTitle: 'TeamApp queues' } },
  });
  const board = serverAdapter.registerPlugin();

  return async (ctx: Context, next: Next) => {
    if (ctx.path !== QUEUES_BOARD_PATH && !ctx.path.startsWith(`${QUEUES_BOARD_PATH}/`))
      return next();
    if (ctx.path === `${QUEUES_BOARD_PATH}/session`) {
      const ticket = typeof ctx.query.ticket === 'string' ? ctx.query.ticket : '';
      const session = await access.redeem(ticket);
      if (!session) throw unauthorized();
      ctx.cookies.set(COOKIE, session, {
        path: QUEUES_BOARD_PATH,
        httpOnly: true,
        sameSite: 'strict',
        secure: ctx.secure,
        maxAge: QUEUES_BOARD_TTL_S * 1000,
        overwrite: true,
      });
      ctx.set('Cache-Control', 'no-store');
      ctx.status = 303;
      ctx.redirect(`${QUEUES_BOARD_PATH}/`);
      return;
    }
    const session = ctx.cookies.get(COOKIE);
    if (!session || !(await access.check(session))) throw unauthorized();
    ctx.set('Cache-Control', 'no-store');
    await board(ctx, next);
  };
}
