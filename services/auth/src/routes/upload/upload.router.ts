/**
 * /api/upload/profile-picture: the caller's own picture (multipart field profilePicture, at most
 * 5 MB). What the file is gets decided from its content in the pictures use case.
 */
import multer from '@koa/multer';
import type { Router, RouterMiddleware } from '@koa/router';
import {
  peopleEndpoints,
  PICTURE_INVALID_TYPE,
  PICTURE_MAX_BYTES,
  PICTURE_REMOVED,
  PICTURE_TOO_LARGE,
  PICTURE_UPDATED,
  PROFILE_PICTURE_FIELD,
  profilePictureResponseSchema,
} from '@teamapp/contracts';
import { badRequest, createRouter, responds, route, type ApiContext } from '@teamapp/service-kit';
import type { AuthDeps } from '../../deps';

const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: PICTURE_MAX_BYTES, files: 1, fields: 10, parts: 20 },
});

/** Middleware: parses the multipart body into ctx.file, turning multer's limits into 400s. */
function receivePicture(): RouterMiddleware {
  const parse = upload.single(PROFILE_PICTURE_FIELD);
  return async (ctx, next) => {
    try {
      await parse(ctx, async () => undefined);
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      if (code === 'LIMIT_FILE_SIZE') throw badRequest(PICTURE_TOO_LARGE, PROFILE_PICTURE_FIELD);
      if (typeof code === 'string' && code.startsWith('LIMIT_')) {
        throw badRequest(
          `Send one picture in the form field ${PROFILE_PICTURE_FIELD}`,
          PROFILE_PICTURE_FIELD,
        );
      }
      throw badRequest('Malformed multipart body', PROFILE_PICTURE_FIELD);
    }
    await next();
  };
}

export function uploadRouter({ auth, pictures }: AuthDeps): Router {
  const router = createRouter('/api/upload');

  // A plain route: its body is a multipart form, which no endpoint's zod body describes.
  router.post(
    '/profile-picture',
    auth.requireAuth,
    receivePicture(),
    responds(profilePictureResponseSchema),
    async (ctx: ApiContext) => {
      // Absent when the body was not multipart or had no file in the field.
      const file = ctx.request.file as { buffer: Buffer } | undefined;
      if (!file) throw badRequest(PICTURE_INVALID_TYPE, PROFILE_PICTURE_FIELD);
      const profilePicture = await pictures.set(ctx.state.user.id, file.buffer);
      ctx.body = { success: true, profilePicture, message: PICTURE_UPDATED };
    },
  );

  route(router, peopleEndpoints.removePicture, auth.requireAuth).handle(async (ctx) => {
    await pictures.remove(ctx.state.user.id);
    return { success: true, profilePicture: null, message: PICTURE_REMOVED };
  });

  return router;
}
