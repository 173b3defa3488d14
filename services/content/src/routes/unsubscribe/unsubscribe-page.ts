/**
 * The one-click unsubscribe pages (reference §2): a small HTML document with the club's title and
 * header colour that asks to confirm (a button, no script), says it is done, or says the link
 * does not work. Rendered with react-dom/server, which escapes every value; readable at 375 px.
 */
import { UNSUBSCRIBE_TEXTS as T, type BrandingSettings } from '@teamapp/contracts';
import { readableTextColour } from '@teamapp/ui/src/theme/contrast';
import { createElement as h, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

const STYLE =
  'body{margin:0;font-family:Arial,sans-serif;color:#1f2937;line-height:1.5}' +
  'header{padding:16px 24px;font-size:20px;font-weight:bold}' +
  'main{max-width:560px;margin:0 auto;padding:24px}' +
  'button{font:inherit;background:#1d4ed8;color:#fff;border:0;border-radius:6px;padding:12px 20px;min-height:44px;cursor:pointer}' +
  'button:focus-visible{outline:3px solid #1f2937;outline-offset:2px}' +
  'a{color:#1d4ed8}';

type Look = Pick<BrandingSettings, 'appTitle' | 'headerColor'>;

function page(look: Look, title: string, body: ReactNode, profileUrl: string): string {
  const doc = h(
    'html',
    { lang: 'en' },
    h(
      'head',
      null,
      h('meta', { charSet: 'utf-8' }),
      h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
      h('meta', { name: 'robots', content: 'noindex' }),
      h('title', null, `${title} - ${look.appTitle}`),
      h('style', null, STYLE),
    ),
    h(
      'body',
      null,
      h(
        'header',
        {
          style: { background: look.headerColor, color: readableTextColour(look.headerColor) },
        },
        look.appTitle,
      ),
      h(
        'main',
        null,
        h('h1', { style: { fontSize: '22px' } }, title),
        body,
        h('p', null, h('a', { href: profileUrl }, T.settings)),
      ),
    ),
  );
  return `<!doctype html>${renderToStaticMarkup(doc)}`;
}

/** GET: what the link would turn off, and the button that does it (POST to the same address). */
export const confirmPage = (look: Look, kinds: string, profileUrl: string) =>
  page(
    look,
    T.confirmTitle,
    [
      h('p', { key: 'p' }, T.confirm.replace('{kinds}', kinds)),
      h('form', { key: 'f', method: 'post' }, h('button', { type: 'submit' }, T.button)),
    ],
    profileUrl,
  );

export const donePage = (look: Look, kinds: string, profileUrl: string) =>
  page(look, T.doneTitle, h('p', null, T.done.replace('{kinds}', kinds)), profileUrl);

export const refusedPage = (look: Look, profileUrl: string) =>
  page(look, T.refusedTitle, h('p', null, T.refused), profileUrl);
