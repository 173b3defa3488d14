/**
 * Every service's OpenAPI description covers its routes: for each service in platform.json its
 * real app is started through its test harness (`start<Name>` in test/harness.ts, as
 * `npm run new:service` writes it), its routers are walked, and every method and path they
 * register must be in GET /openapi.json (which the docs page merges) and declare who may call it.
 * A new service is covered here without a file of its own.
 */
import path from 'node:path';
import type Koa from 'koa';
import { undescribedRoutes } from '@teamapp/service-kit/testing';
import { builtServices, loadRegistry, ROOT } from '@teamapp/platform/registry';

interface Harness {
  service: { app: Koa };
  close: () => Promise<void>;
}

/** `club-stats` → `startClubStats`, the harness's starter. */
const starterOf = (name: string) =>
  `start${name
    .split('-')
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('')}`;

async function startService(folder: string, name: string): Promise<Harness> {
  const harness = (await import(path.join(ROOT, folder, 'test', 'harness.ts'))) as Record<
    string,
    unknown
  >;
  const start = harness[starterOf(name)];
  if (typeof start !== 'function')
    throw new Error(`${folder}/test/harness.ts has no ${starterOf(name)}`);
  return (start as () => Promise<Harness>)();
}

describe.each(builtServices(loadRegistry()))('the $name service: GET /openapi.json', (service) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startService(service.folder, service.name);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('when the routers are walked, then every route they register is described and declares who may call it', async () => {
    const { missing, undeclared, described, document } = await undescribedRoutes(h.service.app);

    expect(missing).toEqual([]);
    expect(undeclared).toEqual([]);
    // A service that owns API paths at the gateway describes at least one route.
    if (service.apiPrefixes.length > 0) expect(described.length).toBeGreaterThan(0);
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.title).toBe(`TeamApp ${service.name} service`);
  });
});
