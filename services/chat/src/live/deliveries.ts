/**
 * What the use cases hand to live delivery: frames and who receives them. Each batch crosses
 * Redis pub/sub once, so every chat process delivers it to the sockets it holds, in order.
 */
import type { ChatServerFrame } from '@teamapp/contracts';

export interface LiveDelivery {
  /** The user ids that receive the frame (on every socket they have open). */
  to: string[];
  frame: ChatServerFrame;
  /** For a room frame: each recipient's own unread count (0 when absent). */
  unread?: Record<string, number>;
}

export interface LivePublisher {
  /** Sends a batch to every chat process; never throws (a client catches up by `after`). */
  publish: (deliveries: LiveDelivery[]) => Promise<void>;
}
