/**
 * The showcase page at /: mfe-club's showcase component (showcase.tsx) rendered to HTML with
 * react-dom/server, for crawlers and link previews, in a small document of its own: the club's
 * title, a description and Open Graph tags in its head; the page in its one landmark (in the app,
 * the shell's layout gives it one), with the data it was rendered from in the root's attribute;
 * and mfe-club's light script, which hydrates the same component in the browser. No inline
 * script (the CSP allows none); every value is escaped.
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { ShowcaseData } from '@teamapp/contracts';
import { Showcase } from '@teamapp/mfe-club/src/features/showcase/components/showcase';
import {
  SHOWCASE_DATA_ATTRIBUTE,
  SHOWCASE_ROOT_ID,
  SHOWCASE_SCRIPT_URL,
} from '@teamapp/mfe-club/src/features/showcase/light/page';
import { escapeHtml as e } from './sanitize-html';

export function showcaseDescription(data: ShowcaseData): string {
  const subtitle = data.hero.subtitle.trim();
  return subtitle || `${data.hero.title}: fixtures, results and news from the club.`;
}

function headTags(data: ShowcaseData, publicUrl: string): string {
  const title = e(data.hero.title);
  const description = e(showcaseDescription(data));
  const url = e(`${publicUrl.replace(/\/$/, '')}/`);
  return [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    `<link rel="canonical" href="${url}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${title}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${url}" />`,
    `<meta name="twitter:card" content="summary" />`,
  ].join('\n    ');
}

/** The whole page for GET /. */
export function renderShowcasePage(data: ShowcaseData, publicUrl: string): string {
  const body = renderToString(createElement(Showcase, { data }));
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    ${headTags(data, publicUrl)}
    <link rel="icon" href="data:," />
    <link rel="manifest" href="/manifest.webmanifest" />
    <script defer src="${SHOWCASE_SCRIPT_URL}"></script>
    <style>body{margin:0;background:#f8f9fa}</style>
  </head>
  <body>
    <main id="${SHOWCASE_ROOT_ID}" ${SHOWCASE_DATA_ATTRIBUTE}="${e(JSON.stringify(data))}">${body}</main>
  </body>
</html>
`;
}
