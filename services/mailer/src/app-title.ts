/** The club's app title for mail, asked of the content service and remembered for a minute. */
import { brandingSettingsSchema, DEFAULT_APP_TITLE } from '@teamapp/contracts';
import type { Logger } from '@teamapp/service-kit';

const TTL_MS = 60_000;

export function appTitleSource(contentUrl: string, log: Logger): () => Promise<string> {
  let cached: { title: string; at: number } | undefined;
  return async () => {
    if (cached && Date.now() - cached.at < TTL_MS) return cached.title;
    try {
      const res = await fetch(new URL('/api/settings', contentUrl), {
        signal: AbortSignal.timeout(2000),
      });
      const body = (await res.json()) as { data?: unknown };
      const title = brandingSettingsSchema.parse(body.data).appTitle;
      cached = { title, at: Date.now() };
      return title;
    } catch (err) {
      log.warn({ err: String(err) }, 'app title unavailable; using the default');
      return cached?.title ?? DEFAULT_APP_TITLE;
    }
  };
}
