/** /api/email: invitations (the path reference §7 lists for the invite dialog). */
import type { Router } from '@koa/router';
import { INVITATION_SENT, peopleEndpoints } from '@teamapp/contracts';
import { createRouter, route } from '@teamapp/service-kit';
import type { AuthDeps } from '../../deps';

export function emailRouter({ auth, invitations }: AuthDeps): Router {
  const router = createRouter('/api/email');

  route(router, peopleEndpoints.invite, auth.requireAuth, auth.requireRole('admin')).handle(
    async (ctx) => {
      const user = await invitations.invite(ctx.state.input.body);
      ctx.state.log.info({ invitedUserId: user.id, role: user.role }, 'invitation sent');
      return { success: true, message: INVITATION_SENT, data: user };
    },
  );

  return router;
}
