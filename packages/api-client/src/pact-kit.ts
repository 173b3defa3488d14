/**
 * What every consumer contract of the web shares: the pact file's folder, the token the provider
 * states hand out, a V4 pact against one provider, a client or request function on the mock
 * server, and the headers. A remote's contract test imports it as `@teamapp/api-client/pact-kit`
 * and drives the remote's own fetchers with `requestFor(mock.url)`.
 */
import path from 'node:path';
import { PactV4, SpecificationVersion } from '@pact-foundation/pact';
import { createApiClient } from './client';
import type { ApiError } from './errors';
import { createRequest } from './request';

export { MatchersV3 } from '@pact-foundation/pact';
export { DATE, ISO, STATE_IDS, STATE_PUBLIC_TEAM } from './pact-states';

// The mock server in @pact-foundation/pact-core 19 (the newest on Node 20) can report a request
// it received and answered as "expected but not received" when the machine is busy
// (pact-foundation/pact-js#1835, pact-reference#535; fixed in pact-core 20, which needs Node 22).
// A contract that is really broken fails every try; a retry is logged with its first error.
jest.retryTimes(2, { logErrorsBeforeRetry: true });

export const PACT_DIR = path.resolve(__dirname, '..', '..', '..', 'pacts');
export const TOKEN = 'token-from-provider-state';

/** The web's contract with one provider, written to pacts/teamapp-web-<provider>.json. */
export const webPact = (provider: string) =>
  new PactV4({
    consumer: 'teamapp-web',
    provider,
    dir: PACT_DIR,
    spec: SpecificationVersion.SPECIFICATION_VERSION_V4,
    logLevel: 'warn',
  });

export const clientFor = (url: string, token: string | null = TOKEN) =>
  createApiClient({ baseUrl: `${url}/api`, getToken: () => token });
/** The session's request function, as the remotes get it, on the mock server. */
export const requestFor = (url: string, token: string | null = TOKEN) =>
  createRequest({ baseUrl: `${url}/api`, getToken: () => token });
export const failure = (promise: Promise<unknown>) => promise.catch((e: unknown) => e as ApiError);
export const bearer = { Authorization: `Bearer ${TOKEN}` };
export const json = { ...bearer, 'Content-Type': 'application/json' };
