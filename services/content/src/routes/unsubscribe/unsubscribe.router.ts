/**
 * /api/notifications/unsubscribe?token=: the one-click unsubscribe of every mail that is not
 * transactional (reference §2, RFC 8058). Anyone holding the mail's link may use it, without
 * signing in: the token is signed for one member and the mail's kinds (unsubscribe-links.ts). GET
 * only shows a page with a button, since mail scanners open links; POST (the button, or the mail
 * client's `List-Unsubscribe=One-Click`) turns mail off for those kinds. A token altered or cut
 * short is refused with a 400 page and changes nothing. The answers are HTML pages: plain routes,
 * with no endpoint definition; a refusal goes as a page to a browser (which asks for HTML) and
 * as the reference §7 JSON error body, with the same words, to any other client. The token is in
 * the query string, which no log writes.
 */
import type { Router } from '@koa/router';
import { UNSUBSCRIBE_PATH, UNSUBSCRIBE_TEXTS } from '@teamapp/contracts';
import { access, AppError, createRouter, type PublicContext } from '@teamapp/service-kit';
import type { ContentDeps } from '../../deps';
import { kindsInWords } from '../../domain/notification-mails';
import { confirmPage, donePage, refusedPage } from './unsubscribe-page';

export function unsubscribeRouter({ mails, settings, publicUrl }: ContentDeps): Router {
  const router = createRouter(UNSUBSCRIBE_PATH);
  const byLink = access.anonymous('the signed link in a mail proves whose mail it turns off');
  const profileUrl = `${publicUrl.replace(/\/$/, '')}/profile`;
  const tokenOf = (ctx: PublicContext) =>
    typeof ctx.query.token === 'string' ? ctx.query.token : '';

  const answer = async (
    ctx: PublicContext,
    claims: { kinds: Parameters<typeof kindsInWords>[0] } | undefined,
    good: typeof confirmPage,
  ) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.vary('Accept');
    if (!claims && ctx.accepts('json', 'html') !== 'html') {
      throw new AppError('bad_request', UNSUBSCRIBE_TEXTS.refusedTitle, 400);
    }
    const look = await settings.get();
    ctx.type = 'text/html; charset=utf-8';
    ctx.status = claims ? 200 : 400;
    ctx.body = claims
      ? good(look, kindsInWords(claims.kinds), profileUrl)
      : refusedPage(look, profileUrl);
  };

  router.get('/', byLink, async (ctx: PublicContext) => {
    await answer(ctx, mails.preview(tokenOf(ctx)), confirmPage);
  });

  router.post('/', byLink, async (ctx: PublicContext) => {
    const claims = await mails.unsubscribe(tokenOf(ctx));
    if (claims) ctx.state.log.info({ kinds: claims.kinds }, 'mail unsubscribed by link');
    await answer(ctx, claims, donePage);
  });

  return router;
}
