/**
 * /api/email: invitations (the path reference §7 lists for the invite dialog): club admins, and a
 * team's coach into that team (the use case checks the team).
 */
import type { Router } from '@koa/router';
import { INVITATION_SENT, peopleEndpoints } from '@teamapp/contracts';
import { access, createRouter, route } from '@teamapp/service-kit';
import type { AuthDeps } from '../../deps';

export function emailRouter({ auth, invitations }: AuthDeps): Router {
  const router = createRouter('/api/email');

  route(
    router,
    peopleEndpoints.invite,
    auth.requireAuth,
    access.coach('the team the invited member joins'),
  ).handle(async (ctx) => {
    const user = await invitations.invite(ctx.state.user, ctx.state.input.body);
    ctx.state.log.info({ invitedUserId: user.id, role: user.role }, 'invitation sent');
    return { success: true, message: INVITATION_SENT, data: user };
  });

  return router;
}
