/**
 * /api/user families (docs/reference.md "Families"): adding a player without a login (club admins
 * and the team's coaches), their guardians (club admins and the coaches of one of the child's
 * teams; read also by the child's guardians), and giving a child a login (club admins).
 */
import type { Router } from '@koa/router';
import {
  CHILD_ADDED,
  familyEndpoints,
  GUARDIAN_INVITED,
  GUARDIAN_LINKED,
  GUARDIAN_REMOVED,
  LOGIN_GIVEN,
} from '@teamapp/contracts';
import { access, createRouter, route } from '@teamapp/service-kit';
import type { AuthDeps } from '../../deps';

export function familyRouter({ auth, family }: AuthDeps): Router {
  const router = createRouter('/api/user');
  const coachOfTheChild = access.coach("one of the child's teams");

  route(
    router,
    familyEndpoints.addChild,
    auth.requireAuth,
    access.coach('the team the player joins'),
  ).handle(async (ctx) => {
    const child = await family.addChild(ctx.state.user, ctx.state.input.body);
    ctx.state.log.info({ childId: child.id, teamId: ctx.state.input.body.teamId }, 'child added');
    return { success: true, message: CHILD_ADDED, data: child };
  });

  route(
    router,
    familyEndpoints.guardians,
    auth.requireAuth,
    access.coach("one of the child's teams, or the child's guardian"),
  ).handle(async (ctx) => ({
    success: true,
    ...(await family.guardians(ctx.state.user, ctx.state.input.params.childId)),
  }));

  route(router, familyEndpoints.addGuardian, auth.requireAuth, coachOfTheChild).handle(
    async (ctx) => {
      const { params, body } = ctx.state.input;
      const { guardian, invited } = await family.addGuardian(ctx.state.user, params.childId, body);
      ctx.state.log.info(
        { childId: params.childId, guardianId: guardian.id, invited },
        'guardian added',
      );
      return {
        success: true,
        message: invited ? GUARDIAN_INVITED : GUARDIAN_LINKED,
        data: guardian,
      };
    },
  );

  route(router, familyEndpoints.removeGuardian, auth.requireAuth, coachOfTheChild).handle(
    async (ctx) => {
      const { childId, guardianId } = ctx.state.input.params;
      const outcome = await family.removeGuardian(ctx.state.user, childId, guardianId);
      ctx.state.log.info({ childId, guardianId }, 'guardian removed');
      return { success: true, message: GUARDIAN_REMOVED, ...outcome };
    },
  );

  route(router, familyEndpoints.giveLogin, auth.requireAuth, auth.requireRole('admin')).handle(
    async (ctx) => {
      const { params, body } = ctx.state.input;
      const child = await family.giveLogin(params.childId, body.email);
      ctx.state.log.info({ childId: child.id }, 'login given');
      return { success: true, message: LOGIN_GIVEN, data: child };
    },
  );

  return router;
}
