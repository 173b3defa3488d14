/** Stops every process the e2e platform started. */
import type { Platform } from '@teamapp/platform/platform';

export default async function globalTeardown(): Promise<void> {
  await (globalThis as { __platform?: Platform }).__platform?.stop();
}
