/**
 * The public showcase (reference §3 "Showcase data"). GET /showcase merges what an admin
 * edits (PUT /showcase: subtitle, featured items, videos, partners, ticket and shop links, the
 * league position and the club's join address) with what the club's own data says (title, stats,
 * fixtures, record, top performers, news). With two or more teams in the club, `teams` holds one
 * entry per active public team, each with its own figures (reference §2 Showcase page); a team
 * that is not public appears nowhere in the answer. A modal action's `content` is HTML that the server
 * sanitizes with an allow-list before storing it; link URLs are http, https or mailto only.
 */
import { z } from 'zod';
import { endpoint } from './endpoint';
import { dataAnswerSchema, limitedText, textFields, numberFields } from './common';

export const SHOWCASE_FORBIDDEN = 'Only administrators can manage the showcase';
export const SHOWCASE_SAVED = 'Showcase saved successfully';

export const ACTION_TYPES = ['modal', 'link'] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

/** Schemes a link may use: never javascript:, data: or the like. */
export const LINK_SCHEMES = ['http:', 'https:', 'mailto:'] as const;

export function isSafeLink(value: string): boolean {
  try {
    return (LINK_SCHEMES as readonly string[]).includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** An image address: http or https only. */
export function isSafeImage(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

const imageField = (field: string) =>
  limitedText(field, 2000)
    .refine((v) => v === '' || isSafeImage(v), { error: `${field} must be an http or https URL` })
    .default('');

const linkField = (field: string) =>
  limitedText(field, 2000).refine((v) => v === '' || isSafeLink(v), {
    error: `${field} must be an http, https or mailto URL`,
  });

/** What happens when an item is chosen: a modal with HTML, a title and an image, or a link. */
export const showcaseActionSchema = z
  .object({
    type: z.enum(ACTION_TYPES, { error: 'action.type must be modal or link' }),
    title: limitedText('action.title', 200).default(''),
    content: z
      .string({ error: 'action.content must be text' })
      .max(20000, { error: 'action.content must be at most 20000 characters' })
      .default(''),
    image: imageField('action.image'),
    url: linkField('action.url').default(''),
  })
  .refine((a) => a.type !== 'link' || a.url !== '', {
    error: 'action.url is required for a link',
    path: ['url'],
  });
export type ShowcaseAction = z.output<typeof showcaseActionSchema>;

export const showcaseItemSchema = z.object({
  title: limitedText('title', 200).min(1, { error: 'title is required' }),
  subtitle: limitedText('subtitle', 500).default(''),
  category: limitedText('category', 100).default(''),
  image: imageField('image'),
  action: showcaseActionSchema.nullable().default(null),
});
export type ShowcaseItem = z.output<typeof showcaseItemSchema>;

export const showcasePartnerSchema = z.object({
  name: limitedText('name', 200).min(1, { error: 'name is required' }),
  logo: imageField('logo'),
  action: showcaseActionSchema.nullable().default(null),
});
export type ShowcasePartner = z.output<typeof showcasePartnerSchema>;

export const navigationLinkSchema = z.object({
  enabled: z.boolean({ error: 'enabled must be true or false' }).default(false),
  action: showcaseActionSchema.nullable().default(null),
});
export type NavigationLink = z.output<typeof navigationLinkSchema>;

/** PUT /showcase: the parts an admin edits. */
export const showcaseEditableSchema = z.object({
  subtitle: limitedText('subtitle', 500).default(''),
  featured: z
    .object({
      main: showcaseItemSchema.nullable().default(null),
      side: z.array(showcaseItemSchema).max(6, { error: 'featured.side holds at most 6' }),
    })
    .default({ main: null, side: [] }),
  videos: z
    .object({
      featured: showcaseItemSchema.nullable().default(null),
      sidebar: z.array(showcaseItemSchema).max(8, { error: 'videos.sidebar holds at most 8' }),
    })
    .default({ featured: null, sidebar: [] }),
  partners: z
    .array(showcasePartnerSchema)
    .max(20, { error: 'partners holds at most 20' })
    .default([]),
  navigation: z
    .object({ tickets: navigationLinkSchema, shop: navigationLinkSchema })
    .default({ tickets: { enabled: false, action: null }, shop: { enabled: false, action: null } }),
  leaguePosition: limitedText('leaguePosition', 40).default(''),
  /**
   * Each team's league position, keyed by the team's id (a team the club has); when left out,
   * the positions stored stay as they are.
   */
  teamPositions: z
    .record(z.uuid(), limitedText('teamPositions', 40), {
      error: (issue) =>
        issue.code === 'invalid_key'
          ? 'teamPositions must be keyed by team ids'
          : 'teamPositions must map team ids to text',
    })
    .optional(),
  joinEmail: z
    .string({ error: 'joinEmail must be text' })
    .trim()
    .refine((v) => v === '' || z.email().safeParse(v).success, {
      error: 'joinEmail must be an email address',
    })
    .default(''),
});
export type ShowcaseEditableInput = z.input<typeof showcaseEditableSchema>;
export type ShowcaseEditable = z.output<typeof showcaseEditableSchema>;

export const EMPTY_SHOWCASE_EDITABLE: ShowcaseEditable = showcaseEditableSchema.parse({});

/**
 * The answer side of the showcase: the shapes as the server sends them (the input schemas above
 * add defaults, trimming and limits that only apply to what an admin sends).
 */
const actionAnswerSchema = z.object({
  type: z.enum(ACTION_TYPES),
  ...textFields('title', 'content', 'image', 'url'),
});
const itemAnswerSchema = z.object({
  ...textFields('title', 'subtitle', 'category', 'image'),
  action: actionAnswerSchema.nullable(),
});
const partnerAnswerSchema = z.object({
  ...textFields('name', 'logo'),
  action: actionAnswerSchema.nullable(),
});
const navigationLinkAnswerSchema = z.object({
  enabled: z.boolean(),
  action: actionAnswerSchema.nullable(),
});

export const showcaseStatSchema = z.object({ value: z.string(), label: z.string() });
export type ShowcaseStat = z.infer<typeof showcaseStatSchema>;

export const showcaseFixtureSchema = z.object({
  id: z.string(),
  /** The club's calendar date, e.g. "Sat, Jun 6, 2026". */
  date: z.string(),
  ...textFields('opponent', 'location', 'competition'),
  /** e.g. "7:00 PM". */
  time: z.string(),
  /** ISO instant, for sorting and machine use. */
  startsAt: z.string(),
  tickets: z.object({ available: z.boolean(), url: z.string() }),
  action: actionAnswerSchema,
});
export type ShowcaseFixture = z.infer<typeof showcaseFixtureSchema>;

export const showcaseNewsItemSchema = z.object({
  ...textFields('id', 'image', 'category'),
  /** ISO instant of publication. */
  date: z.string(),
  title: z.string(),
  action: actionAnswerSchema,
});
export type ShowcaseNewsItem = z.infer<typeof showcaseNewsItemSchema>;

export const showcasePerformerSchema = z.object({
  ...textFields('name', 'position', 'image'),
  ...numberFields('goals', 'assists'),
  action: actionAnswerSchema.nullable(),
});
export type ShowcasePerformer = z.infer<typeof showcasePerformerSchema>;

/** One public team's tab on the showcase: its record, position, fixtures and top scorers. */
export const showcaseTeamSchema = z.object({
  ...textFields('id', 'name', 'colour'),
  /** Wins-draws-losses, e.g. "4-1-2". */
  record: z.string(),
  /** The league position an admin set for the team ('' when none). */
  position: z.string(),
  goalDifference: z.string(),
  fixtures: z.array(showcaseFixtureSchema),
  players: z.array(showcasePerformerSchema),
});
export type ShowcaseTeam = z.infer<typeof showcaseTeamSchema>;

/** GET and PUT /showcase: the edited parts merged with the club's own data. */
export const showcaseDataSchema = z.object({
  hero: z.object({ title: z.string(), subtitle: z.string(), stats: z.array(showcaseStatSchema) }),
  navigation: z.object({ tickets: navigationLinkAnswerSchema, shop: navigationLinkAnswerSchema }),
  featured: z.object({ main: itemAnswerSchema.nullable(), side: z.array(itemAnswerSchema) }),
  teamStats: z.object({
    mens: z.object({
      title: z.string(),
      record: z.string(),
      position: z.string(),
      goalDifference: z.string(),
    }),
  }),
  news: z.array(showcaseNewsItemSchema),
  fixtures: z.array(showcaseFixtureSchema),
  players: z.array(showcasePerformerSchema),
  videos: z.object({ featured: itemAnswerSchema.nullable(), sidebar: z.array(itemAnswerSchema) }),
  partners: z.array(partnerAnswerSchema),
  /** The club's address for JOIN THE CLUB ('' when none is set). */
  joinEmail: z.string(),
  /** The league position as stored, for the editor. */
  leaguePosition: z.string(),
  /** Whether the game data could be read (false: fixtures and record are empty for now). */
  live: z.boolean(),
  /**
   * The club's active public teams by name, each with its own figures, while the club has two
   * or more active teams; empty with one (the page then shows the club's record as before).
   */
  teams: z.array(showcaseTeamSchema).optional(),
});
export type ShowcaseData = z.infer<typeof showcaseDataSchema>;

export const showcaseResponseSchema = dataAnswerSchema(showcaseDataSchema);
export type ShowcaseResponse = z.infer<typeof showcaseResponseSchema>;

/** The showcase endpoints (reference §7: the read needs no token, the save is for admins). */
export const showcaseEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/showcase',
    answer: showcaseResponseSchema,
    summary: "The public showcase: the edited parts merged with the club's own data",
  }),
  save: endpoint({
    method: 'PUT',
    path: '/showcase',
    body: showcaseEditableSchema,
    answer: showcaseResponseSchema,
    summary: 'Save the parts an admin edits; answers the merged showcase',
  }),
};

/** What the events service tells the showcase (internal, public fields only). */
export const showcaseGamesSchema = z.object({
  upcoming: z.array(
    z.object({
      id: z.string(),
      /** The game's team, or null for a club-wide game. */
      teamId: z.string().nullable(),
      title: z.string(),
      description: z.string(),
      location: z.string(),
      startsAt: z.string(),
      date: z.string(),
      time: z.string(),
    }),
  ),
  team: z.object({
    played: z.number(),
    wins: z.number(),
    draws: z.number(),
    losses: z.number(),
    goalsFor: z.number(),
    goalsAgainst: z.number(),
  }),
  performers: z.array(
    z.object({
      name: z.string(),
      /** A young player (the events service's member copy says so); absent from older answers. */
      minor: z.boolean().optional(),
      goals: z.number(),
      assists: z.number(),
    }),
  ),
});
export type ShowcaseGames = z.infer<typeof showcaseGamesSchema>;

/** Read by the content service from the events service inside the platform; never published. */
export const showcaseGamesEndpoint = endpoint({
  method: 'GET',
  mount: '/internal',
  path: '/showcase',
  answer: dataAnswerSchema(showcaseGamesSchema),
  summary: "The schedule's public figures for the showcase (inside the platform only)",
});
