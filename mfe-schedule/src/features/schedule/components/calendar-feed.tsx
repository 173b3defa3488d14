/**
 * "Your calendar": the member's private iCalendar feed URL, to subscribe to in any calendar app,
 * with Copy and Regenerate (after a confirmation: the old address stops working). With several
 * teams in the club, the feed of each of the member's teams follows (only the team chosen in the
 * header's picker, when one is): the team's events only, to share with a parent or a fan; its
 * coaches and club admins may regenerate it (reference "Teams"). With one team nothing of this
 * shows.
 */
import { useState } from 'react';
import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { errorText } from '@teamapp/api-client';
import type { Team } from '@teamapp/contracts';
import { ConfirmDialog, ErrorNotice, OutcomeRegion, useTeamChoice } from '@teamapp/ui';
import { useCalendarFeed, useRegenerateFeed } from '../api/events-api';

export const CONFIRM_REGENERATE =
  'Make a new calendar address? Calendars subscribed to the current one stop updating.';

export const confirmTeamRegenerate = (team: string) =>
  `Make a new calendar address for ${team}? Calendars subscribed to the current one stop updating, for everyone who follows the team.`;

export function CalendarFeed() {
  const { severalTeams, team, myTeams, coachedTeams } = useTeamChoice();
  const teams = !severalTeams ? [] : team ? [team] : myTeams;
  const runs = new Set(coachedTeams.map((t) => t.id));

  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="xs">
        <Title order={2} size="h4">
          Your calendar
        </Title>
        <Text size="sm" c="dimmed">
          Subscribe to this private address in your calendar app to see every event, always up to
          date.
        </Text>
        <FeedAddress team={null} canRegenerate />
        {teams.length > 0 && (
          <Stack gap="xs" mt="sm">
            <Title order={3} size="h5">
              Team calendars
            </Title>
            <Text size="sm" c="dimmed">
              A team&apos;s address lists that team&apos;s events only: share it with a parent or a
              fan who follows the team.
            </Text>
            {teams.map((t) => (
              <FeedAddress key={t.id} team={t} canRegenerate={runs.has(t.id)} />
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

/** One feed's address (the member's own, `team` null, or a team's) with Copy and Regenerate. */
function FeedAddress({
  team,
  canRegenerate,
}: {
  team: Pick<Team, 'id' | 'name'> | null;
  canRegenerate: boolean;
}) {
  const teamId = team?.id ?? null;
  const feed = useCalendarFeed(teamId);
  const regenerate = useRegenerateFeed(teamId);
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const url = feed.data?.url ?? '';
  // Several addresses on the page: a team's controls name their team.
  const named = (what: string) => (team ? `${what} ${team.name} calendar address` : undefined);

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setMessage({
        ok: true,
        text: team ? `${team.name} calendar address copied` : 'Calendar address copied',
      });
    } catch {
      setMessage({ ok: false, text: 'Copy failed; select the address and copy it' });
    }
  }

  async function renew() {
    setConfirming(false);
    try {
      await regenerate.mutateAsync();
      setMessage({
        ok: true,
        text: `A new ${team ? `${team.name} ` : ''}calendar address was made; the old one no longer works`,
      });
    } catch (err) {
      setMessage({ ok: false, text: errorText(err, 'Failed to make a new calendar address') });
    }
  }

  return (
    <Stack gap="xs">
      <OutcomeRegion message={message} />
      {feed.isError && (
        <ErrorNotice
          message={errorText(
            feed.error,
            team
              ? `Failed to load the ${team.name} calendar address`
              : 'Failed to load your calendar address',
          )}
          onRetry={() => void feed.refetch()}
        />
      )}
      <TextInput
        label={team ? `${team.name} calendar feed URL` : 'Calendar feed URL'}
        readOnly
        value={feed.isPending ? 'Loading...' : url}
        onFocus={(e) => e.currentTarget.select()}
      />
      <Group gap="xs">
        <Button
          size="xs"
          variant="light"
          onClick={() => void copy()}
          disabled={!url}
          aria-label={named('Copy')}
        >
          Copy
        </Button>
        {canRegenerate && (
          <Button
            size="xs"
            variant="default"
            onClick={() => setConfirming(true)}
            loading={regenerate.isPending}
            disabled={!url}
            aria-label={named('Regenerate')}
          >
            Regenerate
          </Button>
        )}
      </Group>
      <ConfirmDialog
        opened={confirming}
        title={team ? `New ${team.name} Calendar Address` : 'New Calendar Address'}
        message={team ? confirmTeamRegenerate(team.name) : CONFIRM_REGENERATE}
        confirmLabel="Regenerate"
        onCancel={() => setConfirming(false)}
        onConfirm={() => void renew()}
      />
    </Stack>
  );
}
