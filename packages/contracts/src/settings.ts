import { z } from 'zod';
import { LOGO_MAX_BYTES } from './constants';
import { endpoint } from './endpoint';
import { dataAnswerSchema, hasAnyField, textFields } from './common';

/**
 * Families: how the public showcase names young players (members under the club's adult age,
 * family.ts): by first name and last initial ("Sam T."), or not at all (left out of top
 * performers, rosters and anything else naming members).
 */
export const SHOWCASE_MINORS = ['initial', 'hidden'] as const;
export type ShowcaseMinors = (typeof SHOWCASE_MINORS)[number];
export const DEFAULT_SHOWCASE_MINORS: ShowcaseMinors = 'initial';
/** The settings editor's words for it. */
export const SHOWCASE_MINORS_LABEL = 'Young players on the public page';
export const SHOWCASE_MINORS_OPTIONS: Record<ShowcaseMinors, string> = {
  initial: 'First name and initial',
  hidden: 'Not shown',
};

/**
 * Families: the club's adult age, from which a member is no longer a minor (their guardians stop
 * answering for them, their contact details are no longer kept from others). A whole number of
 * years from ADULT_AGE_MIN to ADULT_AGE_MAX; ADULT_AGE unless the club sets it.
 */
export const ADULT_AGE_MIN = 14;
export const ADULT_AGE_MAX = 21;
/** The settings editor's words for it. */
export const ADULT_AGE_LABEL = 'Adult age';
export const ADULT_AGE_DESCRIPTION =
  'Members under this age are young players: their guardians answer for them.';
const ADULT_AGE_PROBLEM = `adultAge must be a whole number from ${ADULT_AGE_MIN} to ${ADULT_AGE_MAX}`;
export const adultAgeSchema = z
  .number({ error: ADULT_AGE_PROBLEM })
  .int({ error: ADULT_AGE_PROBLEM })
  .min(ADULT_AGE_MIN, { error: ADULT_AGE_PROBLEM })
  .max(ADULT_AGE_MAX, { error: ADULT_AGE_PROBLEM });

/** Branding settings as the API returns them (reference §3). */
export const brandingSettingsSchema = z.object({
  ...textFields('appTitle', 'headerColor', 'logoBackground'),
  /** The logo as a data URL, or null when none is set. */
  logoUrl: z.string().nullable(),
  updatedAt: z.string(),
  /** How the public showcase shows young players; absent from older answers: 'initial'. */
  showcaseMinors: z.enum(SHOWCASE_MINORS).optional(),
  /** The club's adult age; absent from older answers: ADULT_AGE. */
  adultAge: z.number().int().optional(),
});
export type BrandingSettings = z.infer<typeof brandingSettingsSchema>;

const HEX_COLOUR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

export const INVALID_LOGO_TYPE = 'Please select a valid image file.';
export const LOGO_TOO_LARGE = 'Logo file size must be under 2MB.';
/**
 * The kinds of picture a logo may be. The server decides by the content and refuses the rest
 * (SVG is a document that can carry script; GIF is refused too): the upload offers these only.
 */
export const LOGO_FILE_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/webp'];

export const updateSettingsSchema = z
  .object({
    appTitle: z
      .string({ error: 'appTitle must be text' })
      .trim()
      .min(1, { error: 'appTitle must not be blank' })
      .max(100, { error: 'appTitle must be at most 100 characters' })
      .optional(),
    headerColor: z
      .string({ error: 'headerColor must be text' })
      .regex(HEX_COLOUR, { error: 'headerColor must be a hex colour such as #2563eb' })
      .optional(),
    logoBackground: z
      .string({ error: 'logoBackground must be text' })
      .refine((v) => v === 'transparent' || HEX_COLOUR.test(v), {
        error: 'logoBackground must be a hex colour such as #ffffff or "transparent"',
      })
      .optional(),
    showcaseMinors: z
      .enum(SHOWCASE_MINORS, { error: 'showcaseMinors must be initial or hidden' })
      .optional(),
    adultAge: adultAgeSchema.optional(),
  })
  .refine(hasAnyField, {
    error: 'Provide at least one of appTitle, headerColor or logoBackground',
  });
export type UpdateSettingsInput = z.input<typeof updateSettingsSchema>;

const DATA_URL = /^data:(image\/[a-z0-9.+-]+);base64,([A-Za-z0-9+/]+={0,2})$/;

/** Bytes a base64 payload decodes to, without decoding it. */
export function base64DecodedBytes(b64: string): number {
  const padding = b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0;
  return Math.floor((b64.length * 3) / 4) - padding;
}

export const logoUploadSchema = z.object({
  logoUrl: z
    .string({ error: INVALID_LOGO_TYPE })
    .regex(DATA_URL, { error: INVALID_LOGO_TYPE })
    .refine((v) => base64DecodedBytes(v.slice(v.indexOf(',') + 1)) <= LOGO_MAX_BYTES, {
      error: LOGO_TOO_LARGE,
      abort: true,
    }),
});
export type LogoUploadInput = z.input<typeof logoUploadSchema>;

/** Every settings answer: the branding as it now is. */
export const settingsResponseSchema = dataAnswerSchema(brandingSettingsSchema);
export type SettingsResponse = z.infer<typeof settingsResponseSchema>;

/** POST /settings/queues-ticket: the queues board's address with a single-use ticket. */
export const queuesTicketResponseSchema = dataAnswerSchema(z.object({ url: z.string() }));

/** The installable app's icons (reference §2 "Installing and offline use"), by file name. */
export const APP_ICON_FILES = ['icon-192.png', 'icon-512.png', 'maskable-512.png'] as const;
export type AppIconFile = (typeof APP_ICON_FILES)[number];

/** The web app manifest made from the branding (served at /manifest.webmanifest). */
export const webAppManifestSchema = z.object({
  id: z.string(),
  name: z.string(),
  short_name: z.string(),
  description: z.string(),
  start_url: z.string(),
  scope: z.string(),
  display: z.literal('standalone'),
  theme_color: z.string(),
  background_color: z.string(),
  icons: z.array(
    z.object({
      src: z.string(),
      sizes: z.string(),
      type: z.literal('image/png'),
      purpose: z.enum(['any', 'maskable']),
    }),
  ),
});
export type WebAppManifest = z.infer<typeof webAppManifestSchema>;

/** Branding endpoints (reference §7 settings: anyone reads them, admins write them). */
export const settingsEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/settings',
    answer: settingsResponseSchema,
    summary: 'The branding: app title, header colour, logo background and logo',
  }),
  update: endpoint({
    method: 'PUT',
    path: '/settings',
    body: updateSettingsSchema,
    answer: settingsResponseSchema,
    summary: 'Change any of the app title, header colour and logo background',
  }),
  uploadLogo: endpoint({
    method: 'POST',
    path: '/settings/logo',
    body: logoUploadSchema,
    answer: settingsResponseSchema,
    summary: 'Set the logo from a PNG, JPEG or WebP data URL under 2 MB',
  }),
  removeLogo: endpoint({
    method: 'DELETE',
    path: '/settings/logo',
    answer: settingsResponseSchema,
    summary: 'Remove the logo',
  }),
  reset: endpoint({
    method: 'POST',
    path: '/settings/reset',
    answer: settingsResponseSchema,
    summary: 'Put the branding back to the defaults',
  }),
  manifest: endpoint({
    method: 'GET',
    path: '/settings/manifest',
    answer: webAppManifestSchema,
    summary:
      'The web app manifest made from the branding (the gateway serves it at /manifest.webmanifest)',
  }),
  icon: endpoint({
    method: 'GET',
    path: '/settings/icons/:file',
    params: z.object({
      file: z.enum(APP_ICON_FILES, { error: `file must be one of ${APP_ICON_FILES.join(', ')}` }),
    }),
    query: z.object({ v: z.string({ error: 'v must be text' }).max(64).optional() }),
    answer: z.string().describe('PNG image'),
    summary: 'An app icon (PNG) made from the logo, or the default icon when there is none',
  }),
  queuesTicket: endpoint({
    method: 'POST',
    path: '/settings/queues-ticket',
    answer: queuesTicketResponseSchema,
    summary: 'A single-use ticket to the queues board',
  }),
};
