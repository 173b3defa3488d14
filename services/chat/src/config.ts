/** The chat service's configuration; the only reader of process.env in this service. */
import { baseConfigShape, parseConfig } from '@teamapp/service-kit';
import { z } from 'zod';

export const chatConfigShape = {
  ...baseConfigShape,
  SERVICE_PORT: z.coerce.number().int().min(0).max(65535).default(4003),
  /** How often live sockets are pinged (a peer that misses one ping is dropped). */
  CHAT_HEARTBEAT_MS: z.coerce.number().int().min(100).default(30_000),
};

export type ChatConfig = ReturnType<typeof loadChatConfig>;

export function loadChatConfig(env: Record<string, string | undefined> = process.env) {
  return parseConfig(chatConfigShape, env);
}
