/**
 * The showcase's HTML allow-list. A modal item's content is HTML an admin writes; it is rendered
 * as HTML on the public page, so it is cleaned here, before it is stored: only the tags and
 * attributes below survive, links keep http, https or mailto and open in a new tab without an
 * opener, images keep http or https. Scripts, styles, frames, forms, event handlers and any other
 * scheme (javascript:, data:, vbscript:) are dropped.
 */
import sanitize from 'sanitize-html';

const LINK = /^(https?:\/\/|mailto:)/i;
const IMAGE = /^https?:\/\//i;

const OPTIONS: sanitize.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'small',
    'h2',
    'h3',
    'h4',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'hr',
    'span',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, { href, ...attribs }) => ({
      tagName,
      attribs: {
        ...attribs,
        // Absolute http, https or mailto only (no relative or scheme-less addresses).
        ...(href && LINK.test(href.trim()) ? { href: href.trim() } : {}),
        target: '_blank',
        rel: 'noopener noreferrer',
      },
    }),
  },
  // An image without an absolute http or https source is dropped.
  exclusiveFilter: (frame) => frame.tag === 'img' && !IMAGE.test(frame.attribs.src?.trim() ?? ''),
};

export function sanitizeShowcaseHtml(html: string): string {
  return sanitize(html, OPTIONS).trim();
}

/** Text made safe to place inside HTML (element content or a quoted attribute). */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
