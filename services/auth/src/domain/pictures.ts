/**
 * Profile pictures: set (re-encode, store, point the profile at it, then drop the old files) and
 * remove. A picture that is refused leaves the old one exactly as it was.
 */
import { unauthorized, type Logger } from '@teamapp/service-kit';
import type { AuthTransaction } from '../db/repos';
import type { AvatarStorage } from '../storage/avatars';
import { renderAvatars } from './avatar-image';
import { publishMemberNow } from './memberships';

export function createPictureUseCases(deps: {
  inTransaction: AuthTransaction;
  storage: AvatarStorage;
  log: Logger;
}) {
  /** Points the profile at `publicPath` (or none) and returns the path it pointed at before. */
  const point = (userId: string, publicPath: string | null) =>
    deps.inTransaction(async (store) => {
      const before = await store.users.findById(userId);
      if (!before) throw unauthorized();
      const updated = (await store.users.update(userId, { profilePicture: publicPath }))!;
      if (updated.isActive) await publishMemberNow(store, updated, 'updated');
      return before.profilePicture;
    });

  const dropIfReplaced = async (previous: string | null, current: string | null) => {
    if (previous && previous !== current) await deps.storage.remove(previous);
  };

  return {
    /** Stores the upload as the user's picture; resolves with its public path. */
    async set(userId: string, upload: Buffer): Promise<string> {
      const variants = await renderAvatars(upload);
      const stored = await deps.storage.save(userId, variants);
      let previous: string | null;
      try {
        previous = await point(userId, stored.publicPath);
      } catch (err) {
        if (stored.created) await deps.storage.remove(stored.publicPath);
        throw err;
      }
      await dropIfReplaced(previous, stored.publicPath);
      deps.log.info(
        { userId, bytes: variants.map((v) => v.data.length), uploaded: upload.length },
        'profile picture stored',
      );
      return stored.publicPath;
    },
    async remove(userId: string): Promise<void> {
      const previous = await point(userId, null);
      await dropIfReplaced(previous, null);
    },
    removeFiles: (publicPath: string) => deps.storage.remove(publicPath),
    /** A stored file to serve, by its name under /uploads/avatars/. */
    open: (fileName: string) => deps.storage.open(fileName),
  };
}

export type PictureUseCases = ReturnType<typeof createPictureUseCases>;
