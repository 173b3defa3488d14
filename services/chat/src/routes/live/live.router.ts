/**
 * /api/chat/ticket and /api/chat/live: a signed-in member trades their token for a single-use
 * ticket, then opens the live socket with it. The socket itself is the live hub's (an upgrade);
 * a plain GET of its path is told to upgrade. The ticket's path and answer come from
 * `chatEndpoints.ticket` in packages/contracts.
 */
import type { Router } from '@koa/router';
import { CHAT_TICKET_TTL_SECONDS, chatEndpoints } from '@teamapp/contracts';
import { access, type PublicContext, createRouter, route } from '@teamapp/service-kit';
import type { ChatDeps } from '../../deps';

export function liveRouter({ auth, tickets }: ChatDeps): Router {
  const router = createRouter('/api/chat');

  route(router, chatEndpoints.ticket, auth.requireAuth).handle(async (ctx) => {
    const { id, role, sid } = ctx.state.user;
    const ticket = await tickets.issue({ userId: id, role, sid });
    return { success: true, data: { ticket, expiresIn: CHAT_TICKET_TTL_SECONDS } };
  });

  // A plain route, not an endpoint definition: the socket is a WebSocket upgrade the live hub
  // takes before Koa, and a plain GET here only ever answers 426, never a JSON success.
  const anyone = access.anonymous('a plain GET is told to upgrade; the socket needs a ticket');
  router.get('/live', anyone, async (ctx: PublicContext) => {
    ctx.status = 426;
    ctx.set('Upgrade', 'websocket');
    ctx.body = {
      success: false,
      error: 'Open this address as a WebSocket with a ticket from POST /api/chat/ticket',
      code: 'upgrade_required',
      requestId: ctx.state.requestId,
    };
  });

  return router;
}
