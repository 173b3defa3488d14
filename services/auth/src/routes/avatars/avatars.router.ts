/**
 * GET /uploads/avatars/<file>: the stored profile pictures, for a gateway that proxies /uploads/
 * here instead of serving DATA_DIR/uploads itself. File names carry a content hash, so a response
 * never changes and may be cached for a year.
 */
import type { Router } from '@koa/router';
import { access, notFound, createRouter } from '@teamapp/service-kit';
import type { AuthDeps } from '../../deps';

export function avatarsRouter({ pictures }: AuthDeps): Router {
  const router = createRouter('/uploads/avatars');

  // A plain route: it answers image bytes, not JSON an endpoint's answer schema describes.
  const anyone = access.anonymous('profile pictures, under content-hash file names');
  router.get('/:file', anyone, async (ctx) => {
    const found = await pictures.open(ctx.params.file ?? '');
    if (!found) throw notFound();
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Content-Security-Policy', "default-src 'none'");
    ctx.type = 'image/webp';
    ctx.length = found.bytes;
    ctx.body = found.stream;
  });

  return router;
}
