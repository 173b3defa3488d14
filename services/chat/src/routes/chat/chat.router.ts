/**
 * /api/chat: the caller's rooms, their messages (paged, sent once per clientId, edited by their
 * sender) for members, and room management for admins (reference §6: create and delete rooms) and,
 * for their teams' rooms, coaches (docs/reference.md "Teams").
 * Paths, inputs and answers come from `chatEndpoints` in packages/contracts.
 */
import type { Router } from '@koa/router';
import { CHAT_ROOM_CREATED, CHAT_ROOM_DELETED, chatEndpoints as api } from '@teamapp/contracts';
import { access, createRouter, route, sendCached } from '@teamapp/service-kit';
import { roomListScope } from '../../domain/rooms';
import type { ChatDeps } from '../../deps';

export function chatRouter({ auth, roomLists, rooms, messages }: ChatDeps): Router {
  const router = createRouter('/api/chat');
  const { requireAuth, requireRole } = auth;
  const member = access.owner('a member of the room');
  // Families: a child's guardians read the child's rooms (the message use cases decide).
  const reader = access.owner('a member of the room, or a guardian of one of its members');

  // The member's own list, computed once per change of it (deps.roomLists).
  route(router, api.rooms, requireAuth).handle(async (ctx) => {
    const userId = ctx.state.user.id;
    const answer = await roomLists.read(roomListScope(userId), 'rooms', async () =>
      JSON.stringify({ success: true, chatRooms: await rooms.list(userId) }),
    );
    sendCached(ctx, answer);
    return undefined;
  });

  // A club room is a club admin's; a team's room its coaches' too (the rules are the use case's).
  const coach = access.coach("the room's team");
  route(router, api.createRoom, requireAuth, coach).handle(async (ctx) => {
    const room = await rooms.create(ctx.state.input.body, ctx.state.user);
    ctx.state.log.info({ roomId: room.id, members: room.memberCount }, 'chat room created');
    return { success: true, message: CHAT_ROOM_CREATED, data: room };
  });

  route(router, api.removeRoom, requireAuth, requireRole('admin')).handle(async (ctx) => {
    await rooms.remove(ctx.state.input.params.id);
    ctx.state.log.info({ roomId: ctx.state.input.params.id }, 'chat room deleted');
    return { success: true, message: CHAT_ROOM_DELETED };
  });

  route(router, api.messages, requireAuth, reader).handle(async (ctx) => {
    const { params, query } = ctx.state.input;
    const page = await messages.page(params.id, ctx.state.user.id, query);
    return { success: true, ...page };
  });

  route(router, api.send, requireAuth, member).handle(async (ctx) => {
    const { params, body } = ctx.state.input;
    const sent = await messages.send(params.id, ctx.state.user.id, body);
    // A repeated clientId finds the stored message: 200 instead of the definition's 201.
    if (!sent.created) ctx.status = 200;
    return { success: true, message: sent.message };
  });

  route(router, api.edit, requireAuth, access.owner("the message's sender")).handle(async (ctx) => {
    const { params, body } = ctx.state.input;
    const message = await messages.edit(
      params.id,
      params.messageId,
      ctx.state.user.id,
      body.content,
    );
    return { success: true, message };
  });

  route(router, api.read, requireAuth, reader).handle(async (ctx) => {
    await messages.markRead(ctx.state.input.params.id, ctx.state.user.id);
    return { success: true };
  });

  return router;
}
