/**
 * Provider verification of the web consumer's contract against a service's real app: listens on
 * a free port, replays pacts/teamapp-web-<provider>.json, and swaps the contract's placeholder
 * bearer token for the live one that the state handler returned. A state handler may also return
 * values for the contract's provider-state expressions (a path with an id made in the state).
 */
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Verifier } from '@pact-foundation/pact';
import type Koa from 'koa';

const PACT_DIR = path.resolve(__dirname, '..', '..', '..', 'pacts');

export async function verifyWebContract(options: {
  app: Koa;
  provider: string;
  /**
   * Per provider state: set the state up; return a token when the state signs someone in, or the
   * token with the values its interactions' `fromProviderState` expressions read.
   */
  stateHandlers: Record<
    string,
    () => Promise<string | { token: string; values: Record<string, string> } | void>
  >;
}): Promise<void> {
  const server = options.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  let token = '';
  const stateHandlers = Object.fromEntries(
    Object.entries(options.stateHandlers).map(([state, setUp]) => [
      state,
      async () => {
        const made = await setUp();
        if (typeof made === 'string') token = made;
        else if (made) {
          token = made.token;
          return made.values;
        }
        return undefined;
      },
    ]),
  );
  try {
    const { port } = server.address() as AddressInfo;
    await new Verifier({
      provider: options.provider,
      providerBaseUrl: `http://127.0.0.1:${port}`,
      pactUrls: [path.join(PACT_DIR, `teamapp-web-${options.provider}.json`)],
      logLevel: 'warn',
      stateHandlers,
      requestFilter: (req, _res, next) => {
        if (req.headers.authorization) req.headers.authorization = `Bearer ${token}`;
        next();
      },
    }).verifyProvider();
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}
