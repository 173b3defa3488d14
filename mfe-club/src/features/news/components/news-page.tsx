/**
 * /news (reference §2 Team News): every post, pinned first then newest. Admins publish, edit, pin or
 * unpin and delete (with the reference's confirmation); players read. Each role has the reference's empty state.
 *
 * Teams (docs/reference.md "Teams"): a coach publishes for the teams they coach and runs those
 * teams' posts only; club-wide posts stay the club admins'. With a team chosen in the header the
 * list shows that team's posts and the club-wide ones; with several teams a team post wears its
 * team's badge.
 */
import { useState } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { errorText } from '@teamapp/api-client';
import {
  NEWS_DELETE_CONFIRM,
  NEWS_DELETE_FAILED,
  NEWS_EMPTY_ADMIN,
  NEWS_EMPTY_MEMBER,
  NEWS_LOAD_FAILED,
  NEWS_PIN_FAILED,
  type NewsPost,
} from '@teamapp/contracts';
import {
  ConfirmDialog,
  LiveRegion,
  LoadingOrError,
  PageHeader,
  usePageTitle,
  useSession,
  useTeamChoice,
} from '@teamapp/ui';
import { useDeleteNews, useNews, usePinNews } from '../api/news-api';
import { NewsCard } from './news-card';
import { NewsForm } from './news-form';

type Notice = { kind: 'success' | 'error'; text: string };

export function NewsPage() {
  const { isAdmin } = useSession();
  const { coachedTeams, severalTeams, teams, teamId } = useTeamChoice();
  usePageTitle('Team News');
  // A club admin runs every post; a coach the posts of the teams they coach.
  const canPost = isAdmin || coachedTeams.length > 0;
  const mayManage = (post: NewsPost) =>
    isAdmin || (!!post.teamId && coachedTeams.some((t) => t.id === post.teamId));
  const teamOf = (post: NewsPost) =>
    (severalTeams && post.teamId && teams.find((t) => t.id === post.teamId)) || null;
  const query = useNews();
  const pin = usePinNews();
  const remove = useDeleteNews();
  /** The post in the dialog: null for a new one; undefined when the dialog is closed. */
  const [editing, setEditing] = useState<NewsPost | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<NewsPost | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  async function togglePin(post: NewsPost) {
    setNotice(null);
    try {
      await pin.mutateAsync({ id: post.id, isPinned: !post.is_pinned });
      setNotice({
        kind: 'success',
        text: post.is_pinned ? `"${post.title}" unpinned.` : `"${post.title}" pinned.`,
      });
    } catch (err) {
      setNotice({ kind: 'error', text: errorText(err, NEWS_PIN_FAILED) });
    }
  }

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      setNotice({ kind: 'success', text: 'News post deleted.' });
    } catch (err) {
      setNotice({ kind: 'error', text: errorText(err, NEWS_DELETE_FAILED) });
    }
    setDeleting(null);
  }

  const posts = (query.data ?? []).filter(
    (post) => !severalTeams || !teamId || !post.teamId || post.teamId === teamId,
  );
  return (
    <Stack gap="md">
      <PageHeader title="Team News">
        {canPost && (
          <Button
            onClick={() => {
              setNotice(null);
              setEditing(null);
            }}
          >
            Create Post
          </Button>
        )}
      </PageHeader>
      <LiveRegion urgent={notice?.kind === 'error'}>
        {notice && (
          <Alert
            color={notice.kind === 'error' ? 'red' : 'green'}
            withCloseButton
            closeButtonLabel="Dismiss message"
            onClose={() => setNotice(null)}
          >
            {notice.text}
          </Alert>
        )}
      </LiveRegion>
      <LoadingOrError query={query} loading="Loading news..." failed={NEWS_LOAD_FAILED} />
      {query.isSuccess && posts.length === 0 && (
        <Stack gap={4} role="status" py="lg" align="center">
          <Text fw={600}>No news yet</Text>
          <Text c="dimmed" ta="center">
            {canPost ? NEWS_EMPTY_ADMIN : NEWS_EMPTY_MEMBER}
          </Text>
        </Stack>
      )}
      {posts.map((post) => (
        <NewsCard
          key={post.id}
          post={post}
          canManage={mayManage(post)}
          team={teamOf(post)}
          busy={pin.isPending}
          onEdit={() => {
            setNotice(null);
            setEditing(post);
          }}
          onTogglePin={() => void togglePin(post)}
          onDelete={() => setDeleting(post)}
        />
      ))}
      {editing !== undefined && (
        <NewsForm
          post={editing}
          onClose={() => setEditing(undefined)}
          onSaved={(message) => {
            setEditing(undefined);
            setNotice({ kind: 'success', text: message });
          }}
        />
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete News Post"
        message={NEWS_DELETE_CONFIRM}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
