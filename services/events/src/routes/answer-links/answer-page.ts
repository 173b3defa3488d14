/**
 * The one-tap answer pages (reference §2): a small HTML document in the club's branding (its
 * title, header colour and logo) that asks to confirm an answer, says it was recorded, or says
 * why a link is refused, with a link to the schedule in the app. Every value is escaped (the
 * `html` tag escapes whatever it is given, escape-html); no script; readable at 375 px.
 */
import type { RsvpStatus } from '@teamapp/contracts';
import { readableTextColour } from '@teamapp/ui/src/theme/contrast';
import escapeHtml from 'escape-html';
import type { Branding } from '../../domain/branding';
import type { AnswerLinkView, AnswerRefusal } from '../../domain/answer-links';

/** HTML made by the `html` tag: its own markup as written, every value in it escaped. */
class Html {
  constructor(readonly text: string) {}
}
type Part = Html | string | number | null | undefined | false | Part[];

const render = (part: Part): string =>
  part instanceof Html
    ? part.text
    : Array.isArray(part)
      ? part.map(render).join('')
      : part === null || part === undefined || part === false
        ? ''
        : escapeHtml(String(part));

function html(strings: TemplateStringsArray, ...values: Part[]): Html {
  return new Html(
    strings.reduce((out, s, i) => out + s + (i < values.length ? render(values[i]!) : ''), ''),
  );
}

/** The answers as the schedule names them (reference §2 Schedule). */
export const ANSWER_LABELS: Readonly<Record<RsvpStatus, string>> = {
  attending: 'Going',
  maybe: 'Maybe',
  'not-attending': "Can't Go",
};

const ANSWERED: Readonly<Record<RsvpStatus, string>> = {
  attending: "You're going",
  maybe: 'You might go',
  'not-attending': "You can't go",
};

export const REFUSALS: Readonly<Record<AnswerRefusal, { heading: string; text: string }>> = {
  invalid: {
    heading: 'This link does not work',
    text: 'It may have been cut short or changed on the way.',
  },
  deleted: {
    heading: 'This event no longer exists',
    text: 'It was removed from the schedule, so there is nothing to answer.',
  },
  started: {
    heading: 'This event has already started',
    text: 'Answers close when an event starts.',
  },
  expired: {
    heading: 'This link has expired',
    text: 'The event has moved since this mail was sent.',
  },
  left: {
    heading: 'This link is no longer valid',
    text: 'It was sent to a member who is no longer in the club.',
  },
  'not-invited': {
    heading: 'This event is not for your team',
    text: 'You are no longer in the team this event is for, so there is nothing to answer.',
  },
};

/** The club's icon as content publishes it (app-icons.ts `iconPath`). */
const LOGO = /^\/api\/settings\/icons\/icon-192\.png\?v=[0-9a-f]{1,64}$/;
/** Accessible colours for the page itself: text, muted text, the button (all above 4.5:1). */
const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#1f2937;background:#f8f9fa;line-height:1.5}
header{display:flex;align-items:center;gap:12px;padding:12px 16px}
header img{height:40px;width:auto;border-radius:6px}
header p{margin:0;font-size:1.125rem;font-weight:600}
main{max-width:480px;margin:24px auto;padding:24px 16px;background:#fff;border-radius:8px}
h1{font-size:1.5rem;margin:0 0 12px}
p{margin:0 0 12px}
.muted{color:#4b5563}
button{font:inherit;font-weight:600;min-height:48px;width:100%;padding:12px 16px;border:0;border-radius:6px;background:#1d4ed8;color:#fff;cursor:pointer;margin:8px 0 16px}
button:hover{background:#1e40af}
a{color:#1d4ed8}
:focus-visible{outline:3px solid #1f2937;outline-offset:2px}
@media (min-width:600px){main{padding:32px}}
`;

interface PageParts {
  branding: Branding;
  scheduleUrl: string;
  heading: string;
  body: Html;
}

function page({ branding, scheduleUrl, heading, body }: PageParts): string {
  const { appTitle, headerColor, logoBackground, logoUrl } = branding;
  const logo =
    logoUrl && LOGO.test(logoUrl)
      ? html`<img src="${logoUrl}" alt="" style="background:${logoBackground}" />`
      : '';
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <meta name="referrer" content="no-referrer" />
        <title>${heading} - ${appTitle}</title>
        <style>
          ${new Html(STYLE)}
        </style>
      </head>
      <body>
        <header style="background:${headerColor};color:${readableTextColour(headerColor)}">
          ${logo}
          <p>${appTitle}</p>
        </header>
        <main>
          <h1>${heading}</h1>
          ${body}
          <p><a href="${scheduleUrl}">Open the schedule in ${appTitle}</a></p>
        </main>
      </body>
    </html> `.text;
}

const eventLines = ({ event }: AnswerLinkView) =>
  html`<p><strong>${event.title}</strong></p>
    <p class="muted">${event.when}${event.location ? html` at ${event.location}` : ''}</p>`;

/** GET: what the link would answer, and the one button that records it (a POST to this URL). */
export function confirmPage(view: AnswerLinkView, branding: Branding, scheduleUrl: string) {
  const label = ANSWER_LABELS[view.answer];
  return page({
    branding,
    scheduleUrl,
    heading: `Answer ${label}?`,
    body: html`<p>Hello ${view.memberName}, confirm your answer for this event.</p>
      ${eventLines(view)}
      <form method="post"><button type="submit">Confirm: ${label}</button></form>`,
  });
}

/** POST: the answer is recorded. */
export function answeredPage(view: AnswerLinkView, branding: Branding, scheduleUrl: string) {
  return page({
    branding,
    scheduleUrl,
    heading: ANSWERED[view.answer],
    body: html`<p>Your answer is recorded: ${ANSWER_LABELS[view.answer]}.</p>
      ${eventLines(view)}
      <p class="muted">You can change it in the schedule until the event starts.</p>`,
  });
}

export function refusedPage(refusal: AnswerRefusal, branding: Branding, scheduleUrl: string) {
  const { heading, text } = REFUSALS[refusal];
  return page({
    branding,
    scheduleUrl,
    heading,
    body: html`<p>${text}</p>
      <p class="muted">Nothing was recorded.</p>`,
  });
}
