/**
 * The showcase as HTML, for crawlers and link previews: the shell's own index.html with the
 * club's title, a description and Open Graph tags in its head, and the hero, upcoming fixtures,
 * the team's record, top performers and latest news as static markup inside #root, which the
 * shell replaces when it starts in the browser. No script is added (the CSP allows none inline);
 * every value is escaped.
 */
import type { ShowcaseData } from '@teamapp/contracts';
import { escapeHtml as e } from './sanitize-html';

export const COPYRIGHT_YEAR = 2025;

export function showcaseDescription(data: ShowcaseData): string {
  const subtitle = data.hero.subtitle.trim();
  return subtitle || `${data.hero.title}: fixtures, results and news from the club.`;
}

const newsDate = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
};

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

function body(data: ShowcaseData): string {
  const { hero, fixtures, news, players, teamStats } = data;
  const mens = teamStats.mens;
  const list = <T>(items: T[], render: (item: T) => string, empty: string) =>
    items.length
      ? `<ul>${items.map((i) => `<li>${render(i)}</li>`).join('')}</ul>`
      : `<p>${e(empty)}</p>`;
  return `<div class="showcase-static">
<header><h1>${e(hero.title)}</h1>${hero.subtitle ? `<p>${e(hero.subtitle)}</p>` : ''}
<ul>${hero.stats.map((s) => `<li><strong>${e(s.value)}</strong> ${e(s.label)}</li>`).join('')}</ul>
<p><a href="/login">LOGIN</a></p></header>
<main>
<section id="fixtures"><h2>Upcoming Fixtures</h2>${list(
    fixtures,
    (f) =>
      `<strong>${e(f.opponent)}</strong> ${e(f.date)}, ${e(f.time)}, ${e(f.location)} (${e(f.competition)})`,
    'No upcoming fixtures',
  )}</section>
<section><h2>${e(mens.title)}</h2><p>Record ${e(mens.record)}${
    mens.position ? `, league position ${e(mens.position)}` : ''
  }, goal difference ${e(mens.goalDifference)}</p></section>
<section><h2>Latest News</h2>${list(
    news,
    (n) => `<strong>${e(n.title)}</strong> ${e(newsDate(n.date))}`,
    'No news yet',
  )}</section>
<section><h2>Top Performers</h2>${list(
    players,
    (p) => `${e(p.name)}: ${p.goals} goals, ${p.assists} assists`,
    'No goals recorded yet',
  )}</section>
</main>
<footer><p>&copy; ${COPYRIGHT_YEAR} ${e(hero.title)}. All rights reserved.</p></footer>
</div>`;
}

/** The shell's index.html with the showcase's head tags and static markup put in. */
export function renderShowcasePage(indexHtml: string, data: ShowcaseData, publicUrl: string) {
  const withoutHead = indexHtml
    .replace(/<title>[\s\S]*?<\/title>/i, '')
    .replace(/<meta\s+name="?description"?[\s>][^>]*>?/i, '');
  const withHead = withoutHead.includes('</head>')
    ? withoutHead.replace('</head>', () => `  ${headTags(data, publicUrl)}\n  </head>`)
    : `${headTags(data, publicUrl)}${withoutHead}`;
  // The built index.html is minified (`<div id=root></div>`); a hand-written one quotes.
  const root = /<div id="?root"?>\s*<\/div>/;
  const markup = `<div id="root">${body(data)}</div>`;
  return root.test(withHead) ? withHead.replace(root, () => markup) : withHead + markup;
}
