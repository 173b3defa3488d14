/**
 * Waits until the end-to-end platform has done all the queued work a test caused (the named
 * services' outboxes empty, the named queues drained; scripts/platform/src/settled.ts). A test awaits
 * this before it asserts that something did not happen: a mail or notification still on its
 * way has arrived by then.
 */
import type { QueueName } from '@teamapp/contracts';
import { platformSettled } from '@teamapp/platform/settled';
import { E2E_PORT } from './config';

/**
 * `services`: the ones whose outboxes and queues the awaited work passes through (each must
 * serve its metrics); `queues`: the queues it travels on.
 */
export const settled = (services: string[], queues: QueueName[]): Promise<void> =>
  platformSettled(E2E_PORT, services, queues);
