/**
 * Mail templates: every message in HTML and plain text, carrying the club's app title. A mail
 * that is not transactional ends with its one-click unsubscribe link (reference §2), which the
 * List-Unsubscribe header names too (app.ts).
 */
import type { AnswerLinks, MailItem, MailJob, ReminderChild } from '@teamapp/contracts';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function layout(
  appTitle: string,
  paragraphs: string[],
  action?: { label: string; url: string },
  /** Already-escaped HTML placed after the paragraphs. */
  extraHtml = '',
  unsubscribeUrl?: string,
): string {
  const body =
    paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('') + extraHtml;
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#2563eb;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#555">Or paste this link into your browser:<br>${escapeHtml(action.url)}</p>`
    : '';
  return (
    `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937;max-width:560px;margin:0 auto;padding:24px">` +
    `<h1 style="font-size:20px;margin:0 0 24px">${escapeHtml(appTitle)}</h1>${body}${button}` +
    `<p style="margin:32px 0 0;font-size:12px;color:#6b7280">Sent by ${escapeHtml(appTitle)}.` +
    (unsubscribeUrl
      ? ` <a href="${escapeHtml(unsubscribeUrl)}" style="color:#4b5563">${UNSUBSCRIBE_LABEL}</a>`
      : '') +
    `</p></body></html>`
  );
}

/** The footer link of a mail that is not transactional (reference §2). */
export const UNSUBSCRIBE_LABEL = 'Unsubscribe from these mails';

/** The plain text's last lines: the signature, and the unsubscribe link when there is one. */
const signature = (appTitle: string, unsubscribeUrl?: string) =>
  `-- ${appTitle}\n${unsubscribeUrl ? `${UNSUBSCRIBE_LABEL}: ${unsubscribeUrl}\n` : ''}`;

/** A notification's or digest's line: its title as a link, and its message. */
const itemHtml = (item: MailItem) =>
  `<p style="margin:0 0 12px"><a href="${escapeHtml(item.url)}" style="color:#1d4ed8;font-weight:bold">${escapeHtml(item.title)}</a>` +
  (item.message ? `<br>${escapeHtml(item.message)}` : '') +
  `</p>`;
const itemText = (item: MailItem) =>
  `${item.title}\n${item.message ? `${item.message}\n` : ''}${item.url}`;

/** The one-tap answers in the order the schedule shows them (reference §2). */
const ANSWERS = [
  ['attending', 'Going'],
  ['maybe', 'Maybe'],
  ['not-attending', "Can't Go"],
] as const;

/** A reminder's one-tap answers: three buttons in HTML, three labelled links in text. */
function answerLinks(links: AnswerLinks) {
  const buttons = ANSWERS.map(
    ([answer, label]) =>
      `<a href="${escapeHtml(links[answer])}" style="background:#1d4ed8;color:#fff;padding:12px 18px;border-radius:6px;text-decoration:none;display:inline-block;margin:0 8px 8px 0">${escapeHtml(label)}</a>`,
  ).join('');
  return {
    html:
      `<p style="margin:24px 0 8px;font-weight:bold">Answer in one tap:</p><p style="margin:0 0 16px">${buttons}</p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#555">Each link asks you to confirm before it records your answer, and works until the event starts.</p>`,
    text: ANSWERS.map(([answer, label]) => `${label}: ${links[answer]}`).join('\n'),
  };
}

/**
 * A guardian's reminder: a line per child, "{name}: Going · Maybe · Can't Go", each answer a
 * link for that child (padded to a 24 px target, WCAG 2.2 2.5.8); in text, the child's line and
 * their three labelled links under it.
 */
function childrenAnswerLinks(children: ReminderChild[]) {
  const labels = ANSWERS.map(([, label]) => label).join(' · ');
  const html = children
    .map((child) => {
      const links = ANSWERS.map(
        ([answer, label]) =>
          `<a href="${escapeHtml(child.answerLinks[answer])}" style="color:#1d4ed8;display:inline-block;padding:6px 4px">${escapeHtml(label)}</a>`,
      ).join(' &middot; ');
      return `<p style="margin:0 0 8px"><strong>${escapeHtml(child.name)}:</strong> ${links}</p>`;
    })
    .join('');
  return {
    html:
      `<p style="margin:24px 0 8px;font-weight:bold">${children.length === 1 ? 'Answer in one tap' : 'Answer for each in one tap'}:</p>${html}` +
      `<p style="margin:16px 0 16px;font-size:13px;color:#555">Each link asks you to confirm before it records the answer, and works until the event starts.</p>`,
    text: children
      .map(
        (child) =>
          `${child.name}: ${labels}\n` +
          ANSWERS.map(([answer, label]) => `  ${label}: ${child.answerLinks[answer]}`).join('\n'),
      )
      .join('\n\n'),
  };
}

export function renderMail(job: MailJob, appTitle: string): RenderedMail {
  switch (job.template) {
    case 'password-reset': {
      const lines = [
        `Hello ${job.name},`,
        `Someone asked to reset the password of your ${appTitle} account. Use the link below to choose a new one. It works once and expires in 1 hour.`,
        'If you did not ask for this, you can ignore this message; your password stays as it is.',
      ];
      return {
        subject: `${appTitle}: reset your password`,
        text: `${lines.join('\n\n')}\n\nReset your password: ${job.resetUrl}\n\n-- ${appTitle}\n`,
        html: layout(appTitle, lines, { label: 'Reset Password', url: job.resetUrl }),
      };
    }
    case 'password-changed': {
      const signedOut =
        job.signedOut === 'others'
          ? 'every other device was signed out'
          : 'every device was signed out';
      const lines = [
        `Hello ${job.name},`,
        `The password of your ${appTitle} account was just changed, and ${signedOut}.`,
        'If this was not you, contact your club admin at once.',
      ];
      return {
        subject: `${appTitle}: your password was changed`,
        text: `${lines.join('\n\n')}\n\n-- ${appTitle}\n`,
        html: layout(appTitle, lines),
      };
    }
    case 'invitation': {
      const expires = new Date(job.expiresAt).toLocaleDateString('en-US', {
        month: 'long',
        day: 'numeric',
        year: 'numeric',
        timeZone: 'UTC',
      });
      const role = job.role === 'admin' ? 'an administrator' : 'a team member';
      const lines = [
        `Hello ${job.name},`,
        `You have been invited to join ${appTitle} as ${role}.`,
        `Sign in with this email address and the temporary password below. It works until ${expires}; when you first sign in you will choose a password of your own.`,
      ];
      const passwordHtml = `<p style="margin:0 0 16px">Temporary password: <strong style="font-family:monospace;font-size:18px;letter-spacing:2px">${escapeHtml(job.tempPassword)}</strong></p>`;
      return {
        subject: `You are invited to ${appTitle}`,
        text:
          `${lines.join('\n\n')}\n\nEmail: ${job.to}\nTemporary password: ${job.tempPassword}\n\n` +
          `Sign in: ${job.loginUrl}\n\n-- ${appTitle}\n`,
        html: layout(appTitle, lines, { label: 'Sign In', url: job.loginUrl }, passwordHtml),
      };
    }
    case 'event-reminder': {
      const { children } = job;
      const pending = !children
        ? 'You have not answered yet. Let your team know whether you are going.'
        : children.length === 1
          ? `${children[0]!.name} has not answered yet. Let their team know whether they are going.`
          : 'Your children below have not answered yet. Let their teams know whether they are going.';
      const lines = [
        `Hello ${job.name},`,
        `${job.title} is on ${job.when}${job.location ? ` at ${job.location}` : ''}.`,
        pending,
      ];
      // A guardian who also plays: their own answers first, then their children's, in one mail.
      const own = job.answerLinks && answerLinks(job.answerLinks);
      const theirs = children && childrenAnswerLinks(children);
      const parts = [own, theirs].filter((p) => p !== undefined);
      if (own && children) {
        const others =
          children.length === 1 ? `has ${children[0]!.name}` : 'have your children below';
        lines.splice(2, 1, `You have not answered yet, and neither ${others}.`);
      }
      return {
        subject: `${appTitle}: reminder: ${job.title}, ${job.when}`,
        text:
          `${lines.join('\n\n')}\n\n${parts.map((p) => `${p.text}\n\n`).join('')}` +
          `Answer in the app: ${job.scheduleUrl}\n\n${signature(appTitle, job.unsubscribeUrl)}`,
        html: layout(
          appTitle,
          lines,
          { label: parts.length > 0 ? 'Open the Schedule' : 'Answer Now', url: job.scheduleUrl },
          parts.map((p) => p.html).join(''),
          job.unsubscribeUrl,
        ),
      };
    }
    case 'event-cancelled': {
      const lines = [
        `Hello ${job.name},`,
        `${job.title} on ${job.when}${job.location ? ` at ${job.location}` : ''} has been cancelled.`,
        'You said you were going, so we wanted you to know.',
      ];
      return {
        subject: `${appTitle}: cancelled: ${job.title}, ${job.when}`,
        text: `${lines.join('\n\n')}\n\n${signature(appTitle, job.unsubscribeUrl)}`,
        html: layout(appTitle, lines, undefined, '', job.unsubscribeUrl),
      };
    }
    case 'notification': {
      const lines = [`Hello ${job.name},`];
      return {
        subject: `${appTitle}: ${job.title}`,
        text: `${lines.join('\n\n')}\n\n${itemText(job)}\n\n${signature(appTitle, job.unsubscribeUrl)}`,
        html: layout(appTitle, lines, undefined, itemHtml(job), job.unsubscribeUrl),
      };
    }
    case 'digest': {
      const count = job.items.length === 1 ? '1 notification' : `${job.items.length} notifications`;
      const lines = [`Hello ${job.name},`, `Here is what happened on ${job.day}: ${count}.`];
      return {
        subject: `${appTitle}: your daily digest, ${job.day}`,
        text:
          `${lines.join('\n\n')}\n\n${job.items.map(itemText).join('\n\n')}\n\n` +
          signature(appTitle, job.unsubscribeUrl),
        html: layout(
          appTitle,
          lines,
          undefined,
          job.items.map(itemHtml).join(''),
          job.unsubscribeUrl,
        ),
      };
    }
  }
}
