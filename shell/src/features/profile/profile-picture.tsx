/**
 * The profile picture (reference §2 Profile, §5 Profile picture): upload by click or drop, removal
 * after a confirmation. The browser checks type and size first (the reference's texts); the server decides
 * from the file's content and re-encodes it. The new picture reaches the header, the directory
 * and the user list without a reload: the session user and the ['users','all'] cache change.
 */
import { useState } from 'react';
import { Alert, Avatar, Button, Group, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { useQueryClient } from '@tanstack/react-query';
import { userMessage } from '@teamapp/api-client';
import {
  PICTURE_INVALID_TYPE,
  PICTURE_MAX_BYTES,
  PICTURE_TOO_LARGE,
  pictureOfSize,
} from '@teamapp/contracts';
import { ConfirmDialog, initialsOf, LiveRegion, useRequest, useSession } from '@teamapp/ui';
import { removePicture, uploadPicture } from '../account/account-api';

const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const CONFIRM_REMOVE = 'Are you sure you want to remove your profile picture?';
const UPLOAD_FAILED = 'Failed to upload profile picture.';
const REMOVE_FAILED = 'Failed to remove profile picture.';

/** Reference §5: JPEG, JPG, PNG or WebP, at most 5 MB; null when the file may go to the server. */
export function pictureProblem(file: File): string | null {
  if (!PICTURE_TYPES.includes(file.type)) return PICTURE_INVALID_TYPE;
  if (file.size > PICTURE_MAX_BYTES) return PICTURE_TOO_LARGE;
  return null;
}

function rejectionText(rejections: FileRejection[]): string {
  const codes = rejections.flatMap((r) => r.errors.map((e) => e.code));
  return codes.includes('file-too-large') && !codes.includes('file-invalid-type')
    ? PICTURE_TOO_LARGE
    : PICTURE_INVALID_TYPE;
}

export function ProfilePicture() {
  const { user, updateUser } = useSession();
  const request = useRequest();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<'upload' | 'remove' | null>(null);
  const [confirming, setConfirming] = useState(false);
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

  function accept(files: File[]) {
    const file = files[0];
    if (!file) return;
    const problem = pictureProblem(file);
    if (problem) {
      setSuccess(null);
      return setError(problem);
    }
    void run('upload', () => uploadPicture(request, file));
  }

  return (
    <Stack gap="sm">
      <LiveRegion urgent>{error && <Alert color="red">{error}</Alert>}</LiveRegion>
      <LiveRegion>{success && <Alert color="green">{success}</Alert>}</LiveRegion>
      <Group gap="md" align="center">
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
        {user.profile_picture && (
          <Button
            variant="light"
            color="red"
            loading={busy === 'remove'}
            onClick={() => setConfirming(true)}
          >
            Remove Picture
          </Button>
        )}
      </Group>
      <Dropzone
        onDrop={accept}
        onReject={(rejections) => {
          setSuccess(null);
          setError(rejectionText(rejections));
        }}
        accept={PICTURE_TYPES}
        maxSize={PICTURE_MAX_BYTES}
        multiple={false}
        loading={busy === 'upload'}
        inputProps={{ 'aria-label': 'Upload profile picture' }}
        data-testid="picture-dropzone"
      >
        <Stack align="center" gap={4} py="md" style={{ pointerEvents: 'none' }}>
          <Text fw={500}>Drag a picture here or click to select a file</Text>
          <Text size="sm" c="dimmed">
            JPEG, PNG or WebP, up to 5MB
          </Text>
        </Stack>
      </Dropzone>
      <ConfirmDialog
        opened={confirming}
        title="Remove Profile Picture"
        message={CONFIRM_REMOVE}
        confirmLabel="Remove"
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void run('remove', () => removePicture(request));
        }}
      />
    </Stack>
  );
}
