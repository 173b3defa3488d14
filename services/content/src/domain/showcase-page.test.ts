/** The showcase page rendered on the server: mfe-club's component, its head tags and its data. */
import { EMPTY_SHOWCASE_EDITABLE, type ShowcaseData } from '@teamapp/contracts';
import { renderShowcasePage } from './showcase-page';

const data: ShowcaseData = {
  hero: { title: 'Riverside "FC"', subtitle: '', stats: [{ value: '9', label: 'Players' }] },
  navigation: EMPTY_SHOWCASE_EDITABLE.navigation,
  featured: EMPTY_SHOWCASE_EDITABLE.featured,
  teamStats: { mens: { title: "Men's Team", record: '2-0-1', position: '', goalDifference: '+3' } },
  news: [],
  fixtures: [],
  players: [],
  videos: EMPTY_SHOWCASE_EDITABLE.videos,
  partners: [],
  joinEmail: '',
  leaguePosition: '',
  live: true,
};

it('when the page is rendered, then its head holds the club title, description and Open Graph tags, and its body the showcase', () => {
  const html = renderShowcasePage(data, 'https://club.example/');

  expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
  expect(html).toContain('<title>Riverside &quot;FC&quot;</title>');
  expect(html).toContain(
    '<meta name="description" content="Riverside &quot;FC&quot;: fixtures, results and news from the club." />',
  );
  expect(html).toContain('<meta property="og:url" content="https://club.example/" />');
  expect(html).toContain('<h1>Riverside &quot;FC&quot;</h1>');
  expect(html).toContain('>2-0-1</div>');
  expect(html).toContain('No upcoming fixtures');
  expect(html).toContain('<script defer src="/mfe/club/showcase.js"></script>');
});

it('when a value holds markup or $ patterns, then it is written as text, in the body and in the data', () => {
  const title = `$& $' $\` </div><script>x()</script>`;
  const html = renderShowcasePage({ ...data, hero: { ...data.hero, title } }, 'http://x/');

  expect(html).toContain('<h1>$&amp; $&#x27; $` &lt;/div&gt;&lt;script&gt;x()&lt;/script&gt;</h1>');
  expect(html.match(/<script/g)).toHaveLength(1);
  const attribute = /data-showcase="([^"]*)"/.exec(html)?.[1] ?? '';
  expect(attribute).not.toMatch(/[<>"]/);
  const decoded = attribute
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
  expect((JSON.parse(decoded) as ShowcaseData).hero.title).toBe(title);
});
