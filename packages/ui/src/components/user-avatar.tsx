/** A member's small (128 px) picture, or their initials when there is none or it fails to load. */
import { useState } from 'react';
import { Avatar } from '@mantine/core';
import { pictureOfSize } from '@teamapp/contracts';

/** "Casey Coach" → "CC"; one name gives one letter. */
export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts;
  return letters.map((p) => (p ?? '').charAt(0).toUpperCase()).join('');
}

interface UserAvatarProps {
  name: string;
  picture: string | null;
  size?: number;
  /** Marks the image for tests, e.g. the header's. */
  testId?: string;
}

export function UserAvatar({ name, picture, size = 32, testId }: UserAvatarProps) {
  // A picture that fails to load falls back to the initials.
  const [failed, setFailed] = useState<string | null>(null);
  const src = picture && failed !== picture ? pictureOfSize(picture, 128) : null;
  return (
    <Avatar
      src={src}
      alt={src ? '' : undefined}
      size={size}
      radius="50%"
      variant="filled"
      color="blue.8"
      imageProps={{ onError: () => setFailed(picture), 'data-testid': testId } as object}
      aria-hidden="true"
    >
      {initialsOf(name)}
    </Avatar>
  );
}
