/**
 * /api/user: the team list and the directory for everyone; account creation, edits, removal and
 * invitation resends for admins; a player's own card; and the password change.
 */
import type { Router } from '@koa/router';
import {
  INVITATION_RESENT,
  PASSWORD_CHANGED,
  SELF_EDIT_FORBIDDEN,
  SELF_EDITABLE_FIELDS,
  usersEndpoints,
} from '@teamapp/contracts';
import {
  permitFields,
  route,
  validate,
  type ApiContext,
  type InputOf,
  createRouter,
} from '@teamapp/service-kit';
import type { AuthDeps } from '../../deps';
import {
  changePasswordRequest,
  createUserRequest,
  updateOwnProfileRequest,
  updateProfileRequest,
  userIdRequest,
} from './user.schema';

export function userRouter(deps: AuthDeps): Router {
  const { auth, users, profiles, invitations, passwordChange } = deps;
  const router = createRouter('/api/user');
  const adminOnly = [auth.requireAuth, auth.requireRole('admin')];

  router.get('/team', auth.requireAuth, async (ctx: ApiContext) => {
    ctx.body = { success: true, data: await users.team() };
  });

  route(router, usersEndpoints.all, auth.requireAuth).handle(async (ctx) => ({
    success: true,
    data: await users.all(ctx.state.user.role),
  }));

  router.post(
    '/',
    ...adminOnly,
    validate(createUserRequest),
    async (ctx: ApiContext<InputOf<typeof createUserRequest>>) => {
      const user = await users.create(ctx.state.input.body);
      ctx.state.log.info({ createdUserId: user.id }, 'user created');
      ctx.status = 201;
      ctx.body = { success: true, data: user };
    },
  );

  router.put(
    '/profile',
    auth.requireAuth,
    permitFields(SELF_EDITABLE_FIELDS, SELF_EDIT_FORBIDDEN),
    validate(updateOwnProfileRequest),
    async (ctx: ApiContext<InputOf<typeof updateOwnProfileRequest>>) => {
      const user = await profiles.updateOwn(ctx.state.user.id, ctx.state.input.body);
      ctx.body = { success: true, data: user };
    },
  );

  router.put(
    '/profile/:id',
    ...adminOnly,
    validate(updateProfileRequest),
    async (ctx: ApiContext<InputOf<typeof updateProfileRequest>>) => {
      const { params, body } = ctx.state.input;
      const user = await profiles.updateByAdmin(ctx.state.user, params.id, body);
      ctx.state.log.info({ targetUserId: user.id, fields: Object.keys(body) }, 'profile updated');
      ctx.body = { success: true, data: user };
    },
  );

  // Open to a user who signed in with a temporary password: this is where they choose their own.
  router.put(
    '/change-password',
    auth.requireAuthForPasswordChange,
    validate(changePasswordRequest),
    async (ctx: ApiContext<InputOf<typeof changePasswordRequest>>) => {
      const { currentPassword, newPassword } = ctx.state.input.body;
      await passwordChange.change(ctx.state.user, currentPassword, newPassword);
      ctx.body = { success: true, message: PASSWORD_CHANGED };
    },
  );

  router.post(
    '/:id/resend-invitation',
    ...adminOnly,
    validate(userIdRequest),
    async (ctx: ApiContext<InputOf<typeof userIdRequest>>) => {
      const user = await invitations.resend(ctx.state.input.params.id);
      ctx.body = { success: true, message: INVITATION_RESENT, data: user };
    },
  );

  router.delete(
    '/:id',
    ...adminOnly,
    validate(userIdRequest),
    async (ctx: ApiContext<InputOf<typeof userIdRequest>>) => {
      await profiles.remove(ctx.state.user, ctx.state.input.params.id);
      ctx.state.log.info({ targetUserId: ctx.state.input.params.id }, 'user deleted');
      ctx.body = { success: true };
    },
  );

  return router;
}
