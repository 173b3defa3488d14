/**
 * Going / Maybe / Can't Go as one labelled group of toggle buttons, the current answer pressed:
 * the schedule's card (the member's own answer) and /family (a child's) offer the same three.
 * An answer given offline, kept by the app until the network is back (reference §2 "Installing
 * and offline use"), shows pressed with "Waiting to send", announced politely, until it is sent.
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import type { RsvpStatus } from '@teamapp/contracts';
import { LiveRegion, useWaitingSends, WAITING_TO_SEND, type WaitingSend } from '@teamapp/ui';
import { RSVP_BUTTONS } from './rsvp';

/**
 * The latest answer waiting to be sent for `eventId` (the member's own, or with `forUserId` a
 * guardian's for that child), else null.
 */
export function waitingAnswer(
  sends: readonly WaitingSend[],
  eventId: string,
  forUserId?: string,
): RsvpStatus | null {
  let latest: RsvpStatus | null = null;
  for (const send of sends) {
    if (send.path !== `/api/events/${eventId}/rsvp`) continue;
    try {
      const body = JSON.parse(send.body) as { status?: RsvpStatus; forUserId?: string };
      if ((body.forUserId ?? undefined) === forUserId && body.status) latest = body.status;
    } catch {
      // not an answer this screen made
    }
  }
  return latest;
}

export function RsvpButtons(props: {
  /** The group's name, e.g. "Your answer for Training". */
  label: string;
  /** The event answered, and the child answered for (a guardian's answer), if any. */
  eventId: string;
  forUserId?: string;
  current: RsvpStatus | 'pending' | undefined;
  busy: boolean;
  onAnswer: (status: RsvpStatus) => void;
}) {
  const waiting = waitingAnswer(useWaitingSends(), props.eventId, props.forUserId);
  const shown = waiting ?? props.current;
  return (
    <Stack gap={4}>
      <Group gap="xs" role="group" aria-label={props.label} wrap="wrap">
        {RSVP_BUTTONS.map((b) => {
          const chosen = shown === b.status;
          return (
            <Button
              key={b.status}
              size="xs"
              variant={chosen ? 'filled' : 'default'}
              color={chosen ? b.color : undefined}
              aria-pressed={chosen}
              disabled={props.busy}
              onClick={() => props.onAnswer(b.status)}
            >
              {b.label}
            </Button>
          );
        })}
      </Group>
      <LiveRegion>
        {waiting && (
          <Text size="xs" c="orange.9">
            {WAITING_TO_SEND}
          </Text>
        )}
      </LiveRegion>
    </Stack>
  );
}
