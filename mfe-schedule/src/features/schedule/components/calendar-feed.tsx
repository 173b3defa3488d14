/**
 * "Your calendar": the member's private iCalendar feed URL, to subscribe to in any calendar app,
 * with Copy and Regenerate (after a confirmation: the old address stops working).
 */
import { useState } from 'react';
import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { errorText } from '@teamapp/api-client';
import { ConfirmDialog, ErrorNotice, LiveRegion } from '@teamapp/ui';
import { useCalendarFeed, useRegenerateFeed } from '../api/events-api';

export const CONFIRM_REGENERATE =
  'Make a new calendar address? Calendars subscribed to the current one stop updating.';

export function CalendarFeed() {
  const feed = useCalendarFeed();
  const regenerate = useRegenerateFeed();
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const url = feed.data?.url ?? '';

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setMessage({ ok: true, text: 'Calendar address copied' });
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
        text: 'A new calendar address was made; the old one no longer works',
      });
    } catch (err) {
      setMessage({ ok: false, text: errorText(err, 'Failed to make a new calendar address') });
    }
  }

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
        <LiveRegion>
          {message && <Alert color={message.ok ? 'green' : 'red'}>{message.text}</Alert>}
        </LiveRegion>
        {feed.isError && (
          <ErrorNotice
            message={errorText(feed.error, 'Failed to load your calendar address')}
            onRetry={() => void feed.refetch()}
          />
        )}
        <TextInput
          label="Calendar feed URL"
          readOnly
          value={feed.isPending ? 'Loading...' : url}
          onFocus={(e) => e.currentTarget.select()}
        />
        <Group gap="xs">
          <Button size="xs" variant="light" onClick={() => void copy()} disabled={!url}>
            Copy
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={() => setConfirming(true)}
            loading={regenerate.isPending}
            disabled={!url}
          >
            Regenerate
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title="New Calendar Address"
        message={CONFIRM_REGENERATE}
        confirmLabel="Regenerate"
        onCancel={() => setConfirming(false)}
        onConfirm={() => void renew()}
      />
    </Card>
  );
}
