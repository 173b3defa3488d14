/**
 * /api/events/answer/{token}: the one-tap answer links of reminder mails (reference §2, §7).
 * Anyone holding a link may use it, without signing in: the link is signed for one member, one
 * event and one answer (domain/answer-links.ts). GET shows what it would answer and a button;
 * only POST records it, since mail scanners open links. The answers are HTML pages, not JSON: plain
 * routes, with no endpoint definition. A refused link shows a page saying why to a browser (which
 * asks for HTML); any other client gets the reference §7 JSON error body with the same words.
 * The token never reaches a log (service-kit loggablePath, the gateway's access log).
 */
import type { Router } from '@koa/router';
import { access, AppError, createRouter, type PublicContext } from '@teamapp/service-kit';
import type { EventsDeps } from '../../deps';
import { REFUSAL_STATUS, type AnswerLinkOutcome } from '../../domain/answer-links';
import { answeredPage, confirmPage, REFUSALS, refusedPage } from './answer-page';

const ERROR_CODES: Readonly<Record<number, string>> = {
  400: 'bad_request',
  403: 'forbidden',
  410: 'gone',
};

export function answerLinksRouter({ answerLinks, branding, scheduleUrl }: EventsDeps): Router {
  const router = createRouter('/api/events/answer');
  const byLink = access.anonymous('the signed link in a reminder mail proves who answers');

  const show = async (
    ctx: PublicContext,
    outcome: AnswerLinkOutcome,
    good: typeof confirmPage,
  ): Promise<void> => {
    ctx.set('Cache-Control', 'no-store');
    ctx.vary('Accept');
    if (!outcome.ok && ctx.accepts('json', 'html') !== 'html') {
      const status = REFUSAL_STATUS[outcome.refusal];
      throw new AppError(ERROR_CODES[status]!, REFUSALS[outcome.refusal].heading, status);
    }
    const look = await branding.current();
    ctx.type = 'text/html; charset=utf-8';
    if (outcome.ok) {
      ctx.status = 200;
      ctx.body = good(outcome.view, look, scheduleUrl);
    } else {
      ctx.status = REFUSAL_STATUS[outcome.refusal];
      ctx.body = refusedPage(outcome.refusal, look, scheduleUrl);
    }
  };

  router.get('/:token', byLink, async (ctx: PublicContext) => {
    await show(ctx, await answerLinks.preview(String(ctx.params.token)), confirmPage);
  });

  router.post('/:token', byLink, async (ctx: PublicContext) => {
    const outcome = await answerLinks.answer(String(ctx.params.token));
    if (outcome.ok) ctx.state.log.info('answered by link');
    await show(ctx, outcome, answeredPage);
  });

  return router;
}
