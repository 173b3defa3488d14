/**
 * Where profile pictures live: UPLOADS_DIR/avatars/<userId>-<hash>-<size>.webp, served to the
 * browser under /uploads/avatars/. The hash is of the picture's content, so a path never changes
 * meaning and may be cached for ever; a new picture gets a new path.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PICTURE_SIZES } from '@teamapp/contracts';

export const AVATARS_PUBLIC_PREFIX = '/uploads/avatars/';
const FILE_NAME = /^([0-9a-f-]{36})-([0-9a-f]{16})-(\d+)\.webp$/;

export interface AvatarVariant {
  size: number;
  data: Buffer;
}

export interface StoredAvatar {
  /** What profile_picture holds: the public path of the first (largest) size. */
  publicPath: string;
  /** False when these exact files were already stored (the same picture uploaded again). */
  created: boolean;
}

export interface AvatarStorage {
  save: (userId: string, variants: AvatarVariant[]) => Promise<StoredAvatar>;
  /** Removes every size of a stored picture; a path that is not ours is left alone. */
  remove: (publicPath: string) => Promise<void>;
  /** A stream of a stored file and its size, or undefined for an unknown or malformed name. */
  open: (fileName: string) => Promise<{ stream: ReadStream; bytes: number } | undefined>;
}

export function createAvatarStorage(uploadsDir: string): AvatarStorage {
  const dir = path.join(uploadsDir, 'avatars');
  const fileOf = (userId: string, hash: string, size: number) => `${userId}-${hash}-${size}.webp`;
  const exists = (file: string) =>
    stat(path.join(dir, file)).then(
      () => true,
      () => false,
    );

  return {
    async save(userId, variants) {
      await mkdir(dir, { recursive: true });
      const hash = createHash('sha256').update(variants[0]!.data).digest('hex').slice(0, 16);
      const files = variants.map((v) => ({ name: fileOf(userId, hash, v.size), data: v.data }));
      const already = (await Promise.all(files.map((f) => exists(f.name)))).every(Boolean);
      if (!already) {
        for (const file of files) {
          // Written whole under a temporary name first, so nobody is ever served half a file.
          const partial = path.join(dir, `.${randomUUID()}.partial`);
          await writeFile(partial, file.data);
          await rename(partial, path.join(dir, file.name));
        }
      }
      return { publicPath: `${AVATARS_PUBLIC_PREFIX}${files[0]!.name}`, created: !already };
    },
    async remove(publicPath) {
      if (!publicPath.startsWith(AVATARS_PUBLIC_PREFIX)) return;
      const match = FILE_NAME.exec(publicPath.slice(AVATARS_PUBLIC_PREFIX.length));
      if (!match) return;
      await Promise.all(
        PICTURE_SIZES.map((size) =>
          unlink(path.join(dir, fileOf(match[1]!, match[2]!, size))).catch(() => undefined),
        ),
      );
    },
    async open(fileName) {
      if (!FILE_NAME.test(fileName)) return undefined;
      const file = path.join(dir, fileName);
      try {
        const info = await stat(file);
        return { stream: createReadStream(file), bytes: info.size };
      } catch {
        return undefined;
      }
    },
  };
}
