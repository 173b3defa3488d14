/** Exposed as `./NewsPage`: /news, rendered by the shell inside its router and providers. */
export { NewsPage as default } from '../features/news/components/news-page';
