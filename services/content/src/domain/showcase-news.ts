/**
 * The showcase's news cards from the team's news posts: each opens a dialog with the post's
 * text. A post is plain text, so it is escaped and its paragraphs and line breaks kept.
 */
import type { ShowcaseNewsItem } from '@teamapp/contracts';
import type { NewsHeadline } from '../db/news.repo';
import { escapeHtml } from './sanitize-html';
import type { NewsSource } from './showcase';

/** A post's text as HTML: blank lines part paragraphs, single line breaks stay. */
export function plainTextToHtml(text: string): string {
  return text
    .trim()
    .split(/\n\s*\n/)
    .map((paragraph) => `<p>${escapeHtml(paragraph.trim()).replace(/\r?\n/g, '<br />')}</p>`)
    .join('');
}

export function toShowcaseNews(post: NewsHeadline): ShowcaseNewsItem {
  return {
    id: post.id,
    image: post.imageUrl ?? '',
    category: post.pinned ? 'Pinned' : 'Club News',
    date: post.createdAt.toISOString(),
    title: post.title,
    action: {
      type: 'modal',
      title: post.title,
      content: plainTextToHtml(post.content),
      image: post.imageUrl ?? '',
      url: '',
    },
  };
}

/** The news posts as the showcase reads them. */
export const newsPostsSource = (posts: {
  latest(limit: number): Promise<NewsHeadline[]>;
}): NewsSource => ({
  latest: async (limit) => (await posts.latest(limit)).map(toShowcaseNews),
});
