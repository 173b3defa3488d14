/** The read cache's scope of the news board, and of one member's own lists (deps.lists). */
export const NEWS_SCOPE = 'news';
export const userScope = (userId: string) => `user:${userId}`;
