/**
 * The scopes of the service's read cache (deps.lists). Each write names those it changes on its
 * unit of work, and they are dropped once it has committed.
 */
/** The club posts' board, the same for everyone. */
export const NEWS_SCOPE = 'news';
/** One team's posts' board, read by its members and coaches. */
export const newsTeamScope = (teamId: string) => `news:team:${teamId}`;
/** Every post, club and team alike: the club admins' board. */
export const NEWS_ALL_SCOPE = 'news:all';
/** One member's own lists (their notifications). */
export const userScope = (userId: string) => `user:${userId}`;
/** The branding (GET /api/settings). */
export const SETTINGS_SCOPE = 'settings';
/** The assembled public showcase: the branding, the members, the news and the edited parts. */
export const SHOWCASE_SCOPE = 'showcase';
