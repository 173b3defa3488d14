/** /api/email: invitations (the path reference §7 lists for the invite dialog). */
import type { Router } from '@koa/router';
import { INVITATION_SENT } from '@teamapp/contracts';
import { validate, type ApiContext, type InputOf, createRouter } from '@teamapp/service-kit';
import type { AuthDeps } from '../../deps';
import { sendInvitationRequest } from './email.schema';

export function emailRouter({ auth, invitations }: AuthDeps): Router {
  const router = createRouter('/api/email');

  router.post(
    '/send-invitation',
    auth.requireAuth,
    auth.requireRole('admin'),
    validate(sendInvitationRequest),
    async (ctx: ApiContext<InputOf<typeof sendInvitationRequest>>) => {
      const user = await invitations.invite(ctx.state.input.body);
      ctx.state.log.info({ invitedUserId: user.id, role: user.role }, 'invitation sent');
      ctx.status = 201;
      ctx.body = { success: true, message: INVITATION_SENT, data: user };
    },
  );

  return router;
}
