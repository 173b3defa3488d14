/** A showcase with every section filled, for the page's tests; a news item carries script. */
import { EMPTY_SHOWCASE_EDITABLE, type ShowcaseData } from '@teamapp/contracts';

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
