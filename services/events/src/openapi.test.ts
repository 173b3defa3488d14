/**
 * The events service's OpenAPI description covers its routes: the real routers are walked and every
 * method and path they register must be in GET /openapi.json (which the docs page merges).
 */
import { undescribedRoutes } from '@teamapp/service-kit/testing';
import { startEvents, type EventsHarness } from '../test/harness';

let h: EventsHarness;
beforeAll(async () => {
  h = await startEvents();
});
afterAll(async () => {
  await h.close();
});

describe('GET /openapi.json', () => {
  it('when the routers are walked, then every route they register is described and declares who may call it', async () => {
    const { missing, undeclared, described, document } = await undescribedRoutes(h.service.app);

    expect(missing).toEqual([]);
    expect(undeclared).toEqual([]);
    expect(described.length).toBeGreaterThan(0);
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.title).toBe('TeamApp events service');
  });
});
