/**
 * @jest-environment jsdom
 *
 * Signing out leaves nothing of the member's on the device: this browser's push subscription is
 * ended too (jsdom has no service worker or Push API: the browser's side is stood in).
 */
import { browserWithPush, withoutPush } from '../features/profile/test/push-browser';
import { forgetMemberAnswers } from './pwa-runtime';

afterEach(() => withoutPush());

it('when the member signs out on a device with push on, then the device is unsubscribed', async () => {
  const browser = browserWithPush({ subscribed: true, permission: 'granted' });
  expect(browser.subscribed()).toBe(true);

  await forgetMemberAnswers();

  expect(browser.subscribed()).toBe(false);
});

it('when the browser has no push at all, then signing out still completes', async () => {
  withoutPush();

  await expect(forgetMemberAnswers()).resolves.toBeUndefined();
});
