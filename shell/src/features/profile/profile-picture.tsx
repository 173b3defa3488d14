/**
 * The profile picture (reference §2 Profile, §5 Profile picture): upload by click or drop, removal
 * after a confirmation. The browser checks type and size first (the reference's texts); the server decides
 * from the file's content and re-encodes it. The new picture reaches the header, the directory
 * and the user list without a reload: the session user and the ['users','all'] cache change.
 */
import { useState } from 'react';
import { Alert, Avatar, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { userMessage } from '@teamapp/api-client';
import {
  PICTURE_INVALID_TYPE,
  PICTURE_MAX_BYTES,
  PICTURE_TOO_LARGE,
  pictureOfSize,
} from '@teamapp/contracts';
import { initialsOf, LiveRegion, useRequest, useSession } from '@teamapp/ui';
import { PictureField } from '@teamapp/ui/src/components/picture-field';
import { removePicture, uploadPicture } from '../account/account-api';

/** Reference §5: JPEG, JPG, PNG or WebP, at most 5 MB. */
const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const CONFIRM_REMOVE = 'Are you sure you want to remove your profile picture?';
const UPLOAD_FAILED = 'Failed to upload profile picture.';
const REMOVE_FAILED = 'Failed to remove profile picture.';

export function ProfilePicture() {
  const { user, updateUser } = useSession();
  const request = useRequest();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<'upload' | 'remove' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  if (!user) return null;

  async function run(kind: 'upload' | 'remove', call: () => ReturnType<typeof removePicture>) {
    setBusy(kind);
    setError(null);
    setSuccess(null);
    try {
      const res = await call();
      updateUser({ profile_picture: res.profilePicture });
      setSuccess(res.message);
      void queryClient.invalidateQueries({ queryKey: ['users'] });
    } catch (err) {
      setError(userMessage(err) || (kind === 'upload' ? UPLOAD_FAILED : REMOVE_FAILED));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Stack gap="sm">
      <LiveRegion urgent>{error && <Alert color="red">{error}</Alert>}</LiveRegion>
      <LiveRegion>{success && <Alert color="green">{success}</Alert>}</LiveRegion>
      <PictureField
        preview={
          <Avatar
            src={user.profile_picture ? pictureOfSize(user.profile_picture, 512) : null}
            alt={user.profile_picture ? `Profile picture of ${user.name}` : undefined}
            size={96}
            radius="50%"
            variant="filled"
            color="blue.8"
          >
            {initialsOf(user.name)}
          </Avatar>
        }
        removal={
          user.profile_picture
            ? {
                button: 'Remove Picture',
                title: 'Remove Profile Picture',
                message: CONFIRM_REMOVE,
                confirmLabel: 'Remove',
                busy: busy === 'remove',
                onConfirm: () => void run('remove', () => removePicture(request)),
              }
            : null
        }
        types={PICTURE_TYPES}
        maxBytes={PICTURE_MAX_BYTES}
        invalidType={PICTURE_INVALID_TYPE}
        tooLarge={PICTURE_TOO_LARGE}
        inputLabel="Upload profile picture"
        prompt="Drag a picture here or click to select a file"
        hint="JPEG, PNG or WebP, up to 5MB"
        uploading={busy === 'upload'}
        onFile={(file) => void run('upload', () => uploadPicture(request, file))}
        onProblem={(problem) => {
          setSuccess(null);
          setError(problem);
        }}
        testId="picture-dropzone"
      />
    </Stack>
  );
}
