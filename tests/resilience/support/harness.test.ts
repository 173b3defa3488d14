/** The resilience harness itself: the platform comes up and its helpers give working sessions. */
import { startTestPlatform, type TestPlatform } from './harness';

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
}, 300_000);
afterAll(() => t?.stop());

it('when a member is created, then the member is signed in and the admin sees the account', async () => {
  const member = await t.createMember();

  const asMember = await t.api('GET', '/user/team', { token: member.token });
  const asAdmin = await t.api('GET', '/user/all', { token: await t.adminToken() });
  const anonymous = await t.api('GET', '/user/team');

  expect(asMember.status).toBe(200);
  expect(asAdmin.status).toBe(200);
  expect(asAdmin.text).toContain(member.email);
  expect(anonymous.status).toBe(401);
});
