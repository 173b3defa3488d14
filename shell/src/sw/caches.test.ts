import { isKeptApiRead, NOT_SHELL_PAGES } from './caches';

describe('isKeptApiRead', () => {
  it.each([
    '/api/events',
    '/api/events/6f1c0d8e-1b1a-4c55-9d5e-0a4b2b8f9a10',
    '/api/user/team',
    '/api/teams',
    '/api/teams/t1/members',
    '/api/chat',
    '/api/chat/r1/messages',
  ])('when the page reads %s, then the worker keeps the answer for offline use', (path) => {
    expect(isKeptApiRead(path)).toBe(true);
  });

  it.each([
    '/api/auth/sessions',
    '/api/user/profile',
    '/api/notifications',
    '/api/chat/ticket',
    '/api/chat/live',
    '/api/calendar/feed',
    '/api/settings',
  ])('when the page reads %s, then nothing is kept', (path) => {
    expect(isKeptApiRead(path)).toBe(false);
  });
});

describe('NOT_SHELL_PAGES', () => {
  it('when a navigation goes to the API, the queues board, the mail catcher or a picture, then the shell page never answers it', () => {
    for (const path of ['/api/docs/', '/admin/queues', '/dev/mail', '/uploads/avatars/a.png']) {
      expect(NOT_SHELL_PAGES.some((pattern) => pattern.test(path))).toBe(true);
    }
    expect(NOT_SHELL_PAGES.some((pattern) => pattern.test('/schedule'))).toBe(false);
  });
});
