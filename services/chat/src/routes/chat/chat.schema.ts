import {
  CHAT_PAGE_MAX,
  CHAT_PAGE_SIZE,
  createChatRoomSchema,
  editChatMessageSchema,
  sendChatMessageSchema,
  uuidParamSchema,
} from '@teamapp/contracts';
import { z } from 'zod';

const LIMIT = `limit must be a whole number from 1 to ${CHAT_PAGE_MAX}`;
const cursor = (field: string) =>
  z.uuid({ error: `${field} must be the id of a message in this room` }).optional();

export const createRoomRequest = z.object({ body: createChatRoomSchema });

export const roomRequest = z.object({ params: uuidParamSchema });

export const listMessagesRequest = z.object({
  params: uuidParamSchema,
  query: z
    .object({
      before: cursor('before'),
      after: cursor('after'),
      limit: z.coerce
        .number({ error: LIMIT })
        .int({ error: LIMIT })
        .min(1, { error: LIMIT })
        .max(CHAT_PAGE_MAX, { error: LIMIT })
        .default(CHAT_PAGE_SIZE),
    })
    .refine((q) => !(q.before && q.after), { error: 'give before or after, not both' }),
});

export const sendMessageRequest = z.object({
  params: uuidParamSchema,
  body: sendChatMessageSchema,
});

export const editMessageRequest = z.object({
  params: uuidParamSchema.extend({
    messageId: z.uuid({ error: 'messageId must be a valid identifier' }),
  }),
  body: editChatMessageSchema,
});
