/**
 * A reminder's push answers too (reference §2, §7): each member's Going and Can't Go, the same
 * signed links as their reminder mail's, carried as paths so the service worker posts them to the
 * app's own origin only.
 */
import type { AnswerLinks, PushAnswerUrls } from '@teamapp/contracts';

export function pushAnswersOf(
  members: readonly { userId: string }[],
  event: { id: string; eventDate: Date },
  linksFor: (memberId: string, event: { id: string; eventDate: Date }) => AnswerLinks,
): Record<string, PushAnswerUrls> {
  const path = (url: string) => new URL(url).pathname;
  return Object.fromEntries(
    members.map(({ userId }) => {
      const links = linksFor(userId, event);
      return [
        userId,
        { attending: path(links.attending), 'not-attending': path(links['not-attending']) },
      ];
    }),
  );
}
