/**
 * One news post: title, a Pinned badge, author and date (US English), the picture when its
 * address is a safe http(s) one, and the content as plain text with its line breaks. Whoever may
 * run the post (a club admin; a coach of its team) gets Edit, Pin / Unpin and Delete. With several
 * teams a team post wears its team's name and colour (docs/reference.md "Teams").
 */
import { useState } from 'react';
import { Badge, Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import { safeImageUrl, type NewsPost, type Team } from '@teamapp/contracts';
import { CardAction } from '@teamapp/ui';

/** "November 25, 2026": reference §9's US English dates. */
export const newsDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

interface Props {
  post: NewsPost;
  /** May edit, pin and delete it. */
  canManage: boolean;
  /** The team badge to show (several teams and a team post), or null. */
  team: Team | null;
  busy: boolean;
  onEdit: () => void;
  onTogglePin: () => void;
  onDelete: () => void;
}

export function NewsCard({ post, canManage, team, busy, onEdit, onTogglePin, onDelete }: Props) {
  const [imageBroken, setImageBroken] = useState(false);
  const image = post.image_url ? safeImageUrl(post.image_url) : null;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={post.title}>
      <Stack gap="sm">
        <Group justify="space-between" align="start" wrap="wrap" gap="xs">
          <div style={{ minWidth: 0, flex: '1 1 16rem' }}>
            <Group gap="xs" align="center" wrap="wrap">
              <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
                {post.title}
              </Title>
              {post.is_pinned && (
                <Badge color="blue.9" variant="filled">
                  Pinned
                </Badge>
              )}
              {team && (
                <Badge color={team.colour} variant="filled">
                  {team.name}
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed">
              By {post.author_name} on{' '}
              <time dateTime={post.created_at}>{newsDate(post.created_at)}</time>
            </Text>
          </div>
          {canManage && (
            <Group gap="xs" wrap="wrap">
              <CardAction name={`Edit ${post.title}`} variant="default" onClick={onEdit}>
                Edit
              </CardAction>
              <CardAction
                name={`${post.is_pinned ? 'Unpin' : 'Pin'} ${post.title}`}
                variant="default"
                onClick={onTogglePin}
                disabled={busy}
              >
                {post.is_pinned ? 'Unpin' : 'Pin'}
              </CardAction>
              <CardAction
                name={`Delete ${post.title}`}
                variant="outline"
                color="red.9"
                onClick={onDelete}
              >
                Delete
              </CardAction>
            </Group>
          )}
        </Group>
        {image && !imageBroken && (
          <Image
            src={image}
            alt={`Image for ${post.title}`}
            radius="sm"
            mah={320}
            fit="contain"
            referrerPolicy="no-referrer"
            loading="lazy"
            onError={() => setImageBroken(true)}
          />
        )}
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{post.content}</Text>
      </Stack>
    </Card>
  );
}
