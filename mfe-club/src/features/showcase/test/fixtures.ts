/** A showcase with every section filled, for the page's tests; a news item carries script. */
import { EMPTY_SHOWCASE_EDITABLE, type ShowcaseData, type ShowcaseTeam } from '@teamapp/contracts';

const XSS = '<img src="x" onerror="window.__xss = 1"><script>window.__xss = 1</script>';

export function showcase(overrides: Partial<ShowcaseData> = {}): ShowcaseData {
  return {
    hero: {
      title: 'Riverside FC',
      subtitle: 'Community football since 1921',
      stats: [
        { value: '18', label: 'Players' },
        { value: '7', label: 'Games Played' },
        { value: '4', label: 'Wins' },
      ],
    },
    navigation: {
      tickets: { enabled: false, action: null },
      shop: {
        enabled: true,
        action: { type: 'link', title: '', content: '', image: '', url: 'https://shop.example' },
      },
    },
    featured: {
      main: {
        title: 'Season tickets on sale',
        subtitle: 'Get yours at the club house',
        category: 'Club',
        image: '',
        action: {
          type: 'modal',
          title: 'Season tickets',
          content: '<p>Adults <strong>$80</strong></p>',
          image: '',
          url: '',
        },
      },
      side: [],
    },
    teamStats: {
      mens: { title: "Men's Team", record: '4-1-2', position: '3rd', goalDifference: '+6' },
    },
    news: [
      {
        id: 'n1',
        image: '',
        category: 'Club',
        date: '2026-05-01T12:00:00.000Z',
        title: 'New kit revealed',
        action: { type: 'modal', title: 'New kit revealed', content: XSS, image: '', url: '' },
      },
    ],
    fixtures: [
      {
        id: 'f1',
        date: 'Sat, Jun 6, 2026',
        opponent: 'Harbour Town',
        location: 'Riverside Park',
        competition: 'County League',
        time: '3:00 PM',
        startsAt: '2026-06-06T20:00:00.000Z',
        tickets: { available: false, url: '' },
        action: {
          type: 'modal',
          title: 'vs Harbour Town',
          content: '<p>Kick-off 3:00 PM</p>',
          image: '',
          url: '',
        },
      },
    ],
    players: [{ name: 'Sam Striker', position: '', image: '', goals: 5, assists: 2, action: null }],
    videos: EMPTY_SHOWCASE_EDITABLE.videos,
    partners: [{ name: 'Harbour Bank', logo: '', action: null }],
    joinEmail: 'join@riverside.example',
    leaguePosition: '3rd',
    live: true,
    ...overrides,
  };
}

/** A public team's tab, with one fixture and one scorer of its own. */
export function team(name: string, overrides: Partial<ShowcaseTeam> = {}): ShowcaseTeam {
  const slug = name.toLowerCase().replace(/[^a-z]+/g, '-');
  return {
    id: `team-${slug}`,
    name,
    colour: '#1864ab',
    record: '0-0-0',
    position: '',
    goalDifference: '0',
    fixtures: [
      {
        id: `fixture-${slug}`,
        date: 'Sun, Jun 7, 2026',
        opponent: `${name} Rivals`,
        location: 'North Field',
        competition: 'Cup',
        time: '11:00 AM',
        startsAt: '2026-06-07T16:00:00.000Z',
        tickets: { available: false, url: '' },
        action: { type: 'modal', title: `vs ${name} Rivals`, content: '', image: '', url: '' },
      },
    ],
    players: [
      { name: `${name} Scorer`, position: '', image: '', goals: 1, assists: 0, action: null },
    ],
    ...overrides,
  };
}

/** A club of several teams, two of them public: the Reds and the Blues. */
export const twoTeams = (): ShowcaseTeam[] => [
  team('Blue Jays', { record: '1-2-0', position: '5th', goalDifference: '-1', colour: '#2b7a3e' }),
  team('Red Hawks', { record: '3-0-1', position: '2nd', goalDifference: '+4', colour: '#c92a2a' }),
];
