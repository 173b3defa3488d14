/**
 * Team news (reference §2 Team News, §3 News post, §4 News pin, §5 News, §7): posts are
 * plain text (line breaks kept, never HTML), listed pinned first and then newest first, with an
 * optional picture that must be an http or https address. Publishing notifies the other members
 * unless `notify` is false.
 */
import { z } from 'zod';
import {
  dataAnswerSchema,
  okAnswerSchema,
  requiredText,
  uuidParamSchema,
  hasAnyField,
  textFields,
} from './common';
import { endpoint } from './endpoint';

// Reference §2, §3 and §8, exactly.
export const NEWS_UNKNOWN_AUTHOR = 'Unknown Author';
export const NEWS_DELETE_CONFIRM = 'Are you sure you want to delete this news post?';
export const NEWS_EMPTY_ADMIN = 'Create your first news post to keep the team informed.';
export const NEWS_EMPTY_MEMBER = 'Check back later for team updates and announcements.';
export const NEWS_LOAD_FAILED = 'Failed to load news posts';
export const NEWS_PIN_FAILED = 'Failed to update post';
export const NEWS_DELETE_FAILED = 'Failed to delete news post';
export const NEWS_UPDATE_FAILED = 'Failed to update news post';
export const NEWS_CREATE_FAILED = 'Failed to create news post';

export const NEWS_NOT_FOUND = 'News post not found';
export const NEWS_IMAGE_URL_INVALID = 'imageUrl must be an http or https address';

export const NEWS_TITLE_MAX = 200;
export const NEWS_CONTENT_MAX = 10_000;
export const NEWS_IMAGE_URL_MAX = 2000;

/**
 * The address a news picture may have: http or https, nothing else (no javascript:, data:,
 * file: or relative paths). Returns the normalised address, or null when it is not one.
 */
export function safeImageUrl(value: string): string | null {
  const trimmed = value.trim();
  if (!/^https?:\/\//i.test(trimmed)) return null;
  try {
    const url = new URL(trimmed);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (!url.hostname) return null;
    return url.href;
  } catch {
    return null;
  }
}

/** Optional and trimmed (reference §5); blank or null means no picture. */
const imageUrl = z
  .string({ error: NEWS_IMAGE_URL_INVALID })
  .trim()
  .max(NEWS_IMAGE_URL_MAX, { error: `imageUrl must be at most ${NEWS_IMAGE_URL_MAX} characters` })
  .nullable()
  .transform((v, ctx) => {
    if (!v) return null;
    const safe = safeImageUrl(v);
    if (!safe) {
      ctx.addIssue({ code: 'custom', message: NEWS_IMAGE_URL_INVALID });
      return z.NEVER;
    }
    return safe;
  });

const isPinned = z.boolean({ error: 'isPinned must be true or false' });

/** The content keeps its line breaks; only the ends are trimmed. */
const content = () => requiredText('content', NEWS_CONTENT_MAX);

/** POST /news: the reference's fields plus `notify` (default true: tell every other member). */
export const newsInputSchema = z.object({
  title: requiredText('title', NEWS_TITLE_MAX),
  content: content(),
  imageUrl: imageUrl.optional().transform((v) => v ?? null),
  isPinned: isPinned.default(false),
  notify: z.boolean({ error: 'notify must be true or false' }).default(true),
  /** The team it belongs to (teams.ts); null or absent: club-wide. */
  teamId: z.uuid({ error: 'teamId must be a valid identifier' }).nullish(),
});
export type NewsInput = z.input<typeof newsInputSchema>;
export type NewsFields = z.output<typeof newsInputSchema>;

/** PUT /news/{id}: the same fields (all optional), or only isPinned. Only the fields sent change. */
export const newsUpdateSchema = z
  .object({
    title: requiredText('title', NEWS_TITLE_MAX).optional(),
    content: content().optional(),
    imageUrl: imageUrl.optional(),
    isPinned: isPinned.optional(),
  })
  .refine(hasAnyField, {
    error: 'Send at least one of title, content, imageUrl or isPinned',
  });
export type NewsUpdate = z.input<typeof newsUpdateSchema>;
export type NewsChanges = z.output<typeof newsUpdateSchema>;

/** A news post as it is read (reference §3). */
export const newsPostSchema = z.object({
  ...textFields('id', 'title'),
  /** Plain text with its line breaks. */
  content: z.string(),
  author_id: z.string().nullable(),
  /** "Unknown Author" when the author is no longer a member. */
  author_name: z.string(),
  ...textFields('created_at', 'updated_at'),
  image_url: z.string().nullable(),
  is_pinned: z.boolean(),
  /** The post's team (teams.ts), or null for a club post. */
  teamId: z.string().nullable(),
});
export type NewsPost = z.infer<typeof newsPostSchema>;

/** GET /news: pinned first, then newest first. */
export const newsListResponseSchema = dataAnswerSchema(z.array(newsPostSchema));
export type NewsListResponse = z.infer<typeof newsListResponseSchema>;

/** POST and PUT /news answers: the reference's success, plus the post as saved. */
export const newsWriteResponseSchema = dataAnswerSchema(newsPostSchema);
export type NewsWriteResponse = z.infer<typeof newsWriteResponseSchema>;

/** Team news endpoints (reference §7 news; who may call each is the route's, §6). */
export const newsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/news',
    answer: newsListResponseSchema,
    summary: 'Every news post, pinned first, then newest first',
  }),
  create: endpoint({
    method: 'POST',
    path: '/news',
    body: newsInputSchema,
    answer: newsWriteResponseSchema,
    status: 201,
    summary: 'Publish a post (and notify the other members unless notify is false)',
  }),
  update: endpoint({
    method: 'PUT',
    path: '/news/:id',
    params: uuidParamSchema,
    body: newsUpdateSchema,
    answer: newsWriteResponseSchema,
    summary: 'Edit a post, or pin or unpin it',
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/news/:id',
    params: uuidParamSchema,
    answer: okAnswerSchema,
    summary: 'Delete a post',
  }),
};
