/**
 * /api/chat: the caller's rooms, their messages (paged, sent once per clientId, edited by their
 * sender) for members, and room management for admins (reference §6: create and delete rooms).
 */
import type { Router } from '@koa/router';
import { CHAT_ROOM_CREATED, CHAT_ROOM_DELETED, chatRoomsResponseSchema } from '@teamapp/contracts';
import {
  access,
  responds,
  sendCached,
  validate,
  type ApiContext,
  type InputOf,
  createRouter,
} from '@teamapp/service-kit';
import { roomListScope } from '../../domain/rooms';
import type { ChatDeps } from '../../deps';
import {
  createRoomRequest,
  editMessageRequest,
  listMessagesRequest,
  roomRequest,
  sendMessageRequest,
} from './chat.schema';

export function chatRouter({ auth, roomLists, rooms, messages }: ChatDeps): Router {
  const router = createRouter('/api/chat');
  const { requireAuth, requireRole } = auth;

  // The member's own list, computed once per change of it (deps.roomLists).
  router.get('/', requireAuth, responds(chatRoomsResponseSchema), async (ctx: ApiContext) => {
    const userId = ctx.state.user.id;
    const answer = await roomLists.read(roomListScope(userId), 'rooms', async () =>
      JSON.stringify({ success: true, chatRooms: await rooms.list(userId) }),
    );
    sendCached(ctx, answer);
  });

  router.post(
    '/',
    requireAuth,
    requireRole('admin'),
    validate(createRoomRequest),
    async (ctx: ApiContext<InputOf<typeof createRoomRequest>>) => {
      const room = await rooms.create(ctx.state.input.body, ctx.state.user.id);
      ctx.state.log.info({ roomId: room.id, members: room.memberCount }, 'chat room created');
      ctx.status = 201;
      ctx.body = { success: true, message: CHAT_ROOM_CREATED, data: room };
    },
  );

  router.delete(
    '/:id',
    requireAuth,
    requireRole('admin'),
    validate(roomRequest),
    async (ctx: ApiContext<InputOf<typeof roomRequest>>) => {
      await rooms.remove(ctx.state.input.params.id);
      ctx.state.log.info({ roomId: ctx.state.input.params.id }, 'chat room deleted');
      ctx.body = { success: true, message: CHAT_ROOM_DELETED };
    },
  );

  router.get(
    '/:id/messages',
    requireAuth,
    access.owner('a member of the room'),
    validate(listMessagesRequest),
    async (ctx: ApiContext<InputOf<typeof listMessagesRequest>>) => {
      const { params, query } = ctx.state.input;
      const page = await messages.page(params.id, ctx.state.user.id, query);
      ctx.body = { success: true, ...page };
    },
  );

  router.post(
    '/:id/messages',
    requireAuth,
    access.owner('a member of the room'),
    validate(sendMessageRequest),
    async (ctx: ApiContext<InputOf<typeof sendMessageRequest>>) => {
      const { params, body } = ctx.state.input;
      const sent = await messages.send(params.id, ctx.state.user.id, body);
      ctx.status = sent.created ? 201 : 200;
      ctx.body = { success: true, message: sent.message };
    },
  );

  router.put(
    '/:id/messages/:messageId',
    requireAuth,
    access.owner("the message's sender"),
    validate(editMessageRequest),
    async (ctx: ApiContext<InputOf<typeof editMessageRequest>>) => {
      const { params, body } = ctx.state.input;
      const message = await messages.edit(
        params.id,
        params.messageId,
        ctx.state.user.id,
        body.content,
      );
      ctx.body = { success: true, message };
    },
  );

  router.post(
    '/:id/read',
    requireAuth,
    access.owner('a member of the room'),
    validate(roomRequest),
    async (ctx: ApiContext<InputOf<typeof roomRequest>>) => {
      await messages.markRead(ctx.state.input.params.id, ctx.state.user.id);
      ctx.body = { success: true };
    },
  );

  return router;
}
