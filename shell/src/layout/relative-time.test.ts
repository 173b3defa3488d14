import { afterOneRead, relativeTime } from './relative-time';

const NOW = Date.parse('2026-11-22T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('relative times in the notification dropdown', () => {
  it.each([
    [ago(10_000), 'just now'],
    [ago(60_000), '1 minute ago'],
    [ago(5 * 60_000), '5 minutes ago'],
    [ago(59 * 60_000), '59 minutes ago'],
    [ago(60 * 60_000), '1 hour ago'],
    [ago(23 * 3600_000), '23 hours ago'],
    [ago(24 * 3600_000), '1 day ago'],
    [ago(3 * 24 * 3600_000), '3 days ago'],
  ])('when the notification is from %s, then it reads "%s"', (iso, text) => {
    expect(relativeTime(iso, NOW)).toBe(text);
  });

  it('when the clock is behind the server, then it still reads "just now"', () => {
    expect(relativeTime(new Date(NOW + 5000).toISOString(), NOW)).toBe('just now');
  });
});

describe('the unread count', () => {
  it('when one is read, then it falls by one and never below zero', () => {
    expect(afterOneRead(3)).toBe(2);
    expect(afterOneRead(0)).toBe(0);
  });
});
