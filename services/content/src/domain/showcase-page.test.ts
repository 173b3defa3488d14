/** The server-rendered showcase over the shell's index.html, as built (minified) and as written. */
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

const BUILT =
  '<!doctype html><html lang=en><head><meta charset=utf-8><title>TeamApp</title>' +
  '<meta name=description content="TeamApp: run a sports club from one place.">' +
  '<script defer src=/main.42d020d3.js></script></head><body><div id=root></div></body></html>';

it('when the shell page is the minified build, then the head tags replace its own and the markup goes inside #root', () => {
  const html = renderShowcasePage(BUILT, data, 'https://club.example/');

  expect(html).not.toContain('<title>TeamApp</title>');
  expect(html).not.toContain('TeamApp: run a sports club');
  expect(html).toContain('<title>Riverside &quot;FC&quot;</title>');
  expect(html).toContain(
    '<meta name="description" content="Riverside &quot;FC&quot;: fixtures, results and news from the club." />',
  );
  expect(html).toContain('<meta property="og:url" content="https://club.example/" />');
  expect(html).toMatch(
    /<div id="root"><div class="showcase-static">[\s\S]*<\/div><\/div><\/body><\/html>$/,
  );
  expect(html).toContain('Record 2-0-1, goal difference +3');
  expect(html).toContain('No upcoming fixtures');
  expect(html).toContain('<script defer src=/main.42d020d3.js></script>');
});

it('when a value holds $ patterns, then they are written as they are', () => {
  const html = renderShowcasePage(
    BUILT,
    { ...data, hero: { ...data.hero, title: "$& $' $`" } },
    'http://x/',
  );

  expect(html).toContain('<h1>$&amp; $&#39; $`</h1>');
});
