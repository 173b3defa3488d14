/**
 * /api/teams: the club's teams for every member; creating, changing and archiving them for club
 * admins; a team's roster for its members (and club admins), managed by club admins and, for its
 * players, by the team's coaches (docs/reference.md "Teams").
 */
import type { Router } from '@koa/router';
import {
  TEAM_ARCHIVED,
  TEAM_CREATED,
  TEAM_MEMBER_REMOVED,
  TEAM_MEMBER_SAVED,
  TEAM_UPDATED,
  teamsEndpoints as endpoints,
} from '@teamapp/contracts';
import { access, createRouter, route } from '@teamapp/service-kit';
import type { AuthDeps } from '../../deps';

export function teamsRouter({ auth, teams }: AuthDeps): Router {
  const router = createRouter('/api/teams');
  const adminOnly = [auth.requireAuth, auth.requireRole('admin')];
  const ofTheTeam = access.team('the team whose roster it is');
  const coachOfTheTeam = access.coach('the team whose roster it is');

  route(router, endpoints.list, auth.requireAuth).handle(async (ctx) => ({
    teams: await teams.list(ctx.state.user, ctx.state.input.query),
  }));

  route(router, endpoints.create, ...adminOnly).handle(async (ctx) => {
    const team = await teams.create(ctx.state.user, ctx.state.input.body);
    ctx.state.log.info({ teamId: team.id }, 'team created');
    return { success: true, message: TEAM_CREATED, team };
  });

  route(router, endpoints.update, ...adminOnly).handle(async (ctx) => {
    const { params, body } = ctx.state.input;
    const team = await teams.update(ctx.state.user, params.id, body);
    ctx.state.log.info({ teamId: team.id, fields: Object.keys(body) }, 'team updated');
    return { success: true, message: TEAM_UPDATED, team };
  });

  route(router, endpoints.archive, ...adminOnly).handle(async (ctx) => {
    const team = await teams.archive(ctx.state.user, ctx.state.input.params.id);
    ctx.state.log.info({ teamId: team.id }, 'team archived');
    return { success: true, message: TEAM_ARCHIVED, team };
  });

  route(router, endpoints.members, auth.requireAuth, ofTheTeam).handle(async (ctx) =>
    teams.members(ctx.state.user, ctx.state.input.params.id),
  );

  route(router, endpoints.putMember, auth.requireAuth, coachOfTheTeam).handle(async (ctx) => {
    const { params, body } = ctx.state.input;
    const member = await teams.putMember(ctx.state.user, params.id, params.userId, body.role);
    ctx.state.log.info(
      { teamId: params.id, memberId: params.userId, role: body.role },
      'team member saved',
    );
    return { success: true, message: TEAM_MEMBER_SAVED, member };
  });

  route(router, endpoints.removeMember, auth.requireAuth, coachOfTheTeam).handle(async (ctx) => {
    const { id, userId } = ctx.state.input.params;
    await teams.removeMember(ctx.state.user, id, userId);
    ctx.state.log.info({ teamId: id, memberId: userId }, 'team member removed');
    return { success: true, message: TEAM_MEMBER_REMOVED };
  });

  return router;
}
