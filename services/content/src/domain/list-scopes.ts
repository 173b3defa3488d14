/**
 * The scopes of the service's read cache (deps.lists). Each write names those it changes on its
 * unit of work, and they are dropped once it has committed.
 */
/** The news board, the same for everyone. */
export const NEWS_SCOPE = 'news';
/** One member's own lists (their notifications). */
export const userScope = (userId: string) => `user:${userId}`;
/** The branding (GET /api/settings). */
export const SETTINGS_SCOPE = 'settings';
/** The assembled public showcase: the branding, the members, the news and the edited parts. */
export const SHOWCASE_SCOPE = 'showcase';
