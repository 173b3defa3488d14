/**
 * /api/user: the team list and the directory for everyone; account creation, edits, removal and
 * invitation resends for admins; a player's own card; and the password change.
 */
import type { Router } from '@koa/router';
import {
  INVITATION_RESENT,
  PASSWORD_CHANGED,
  peopleEndpoints,
  SELF_EDIT_FORBIDDEN,
  SELF_EDITABLE_FIELDS,
  usersEndpoints,
} from '@teamapp/contracts';
import { createRouter, permitFields, route } from '@teamapp/service-kit';
import type { AuthDeps } from '../../deps';

export function userRouter(deps: AuthDeps): Router {
  const { auth, users, profiles, invitations, passwordChange } = deps;
  const router = createRouter('/api/user');
  const adminOnly = [auth.requireAuth, auth.requireRole('admin')];

  route(router, usersEndpoints.team, auth.requireAuth).handle(async (ctx) => ({
    success: true,
    data: await users.team(ctx.state.user),
  }));

  route(router, usersEndpoints.all, auth.requireAuth).handle(async (ctx) => ({
    success: true,
    data: await users.all(ctx.state.user),
  }));

  route(router, usersEndpoints.create, ...adminOnly).handle(async (ctx) => {
    const user = await users.create(ctx.state.input.body);
    ctx.state.log.info({ createdUserId: user.id }, 'user created');
    return { success: true, data: user };
  });

  route(
    router,
    peopleEndpoints.updateOwnProfile,
    auth.requireAuth,
    permitFields(SELF_EDITABLE_FIELDS, SELF_EDIT_FORBIDDEN),
  ).handle(async (ctx) => ({
    success: true,
    data: await profiles.updateOwn(ctx.state.user.id, ctx.state.input.body),
  }));

  route(router, peopleEndpoints.updateProfile, ...adminOnly).handle(async (ctx) => {
    const { params, body } = ctx.state.input;
    const user = await profiles.updateByAdmin(ctx.state.user, params.id, body);
    ctx.state.log.info({ targetUserId: user.id, fields: Object.keys(body) }, 'profile updated');
    return { success: true, data: user };
  });

  // Open to a user who signed in with a temporary password: this is where they choose their own.
  route(router, peopleEndpoints.changePassword, auth.requireAuthForPasswordChange).handle(
    async (ctx) => {
      const { currentPassword, newPassword } = ctx.state.input.body;
      await passwordChange.change(ctx.state.user, currentPassword, newPassword);
      return { success: true, message: PASSWORD_CHANGED };
    },
  );

  route(router, peopleEndpoints.resendInvitation, ...adminOnly).handle(async (ctx) => ({
    success: true,
    message: INVITATION_RESENT,
    data: await invitations.resend(ctx.state.input.params.id),
  }));

  route(router, peopleEndpoints.remove, ...adminOnly).handle(async (ctx) => {
    await profiles.remove(ctx.state.user, ctx.state.input.params.id);
    ctx.state.log.info({ targetUserId: ctx.state.input.params.id }, 'user deleted');
    return { success: true };
  });

  return router;
}
