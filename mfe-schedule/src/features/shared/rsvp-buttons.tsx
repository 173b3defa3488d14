/**
 * Going / Maybe / Can't Go as one labelled group of toggle buttons, the current answer pressed:
 * the schedule's card (the member's own answer) and /family (a child's) offer the same three.
 */
import { Button, Group } from '@mantine/core';
import type { RsvpStatus } from '@teamapp/contracts';
import { RSVP_BUTTONS } from './rsvp';

export function RsvpButtons(props: {
  /** The group's name, e.g. "Your answer for Training". */
  label: string;
  current: RsvpStatus | 'pending' | undefined;
  busy: boolean;
  onAnswer: (status: RsvpStatus) => void;
}) {
  return (
    <Group gap="xs" role="group" aria-label={props.label} wrap="wrap">
      {RSVP_BUTTONS.map((b) => {
        const chosen = props.current === b.status;
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
  );
}
