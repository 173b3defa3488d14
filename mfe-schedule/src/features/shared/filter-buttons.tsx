/**
 * A row of toggle buttons that filter a list (All, Games, Training...): the chosen one is filled
 * and pressed, and the row is a labelled group for screen readers.
 */
import { Button, Group } from '@mantine/core';
import type { EventType } from '@teamapp/contracts';

export function FilterButtons<V extends string>({
  label,
  options,
  value,
  onChange,
}: {
  /** The group's accessible name, e.g. "Filter by event type". */
  label: string;
  options: readonly { value: V; label: string }[];
  value: V;
  onChange: (value: V) => void;
}) {
  return (
    <Group gap="xs" role="group" aria-label={label}>
      {options.map((option) => (
        <Button
          key={option.value}
          size="xs"
          variant={value === option.value ? 'filled' : 'default'}
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </Button>
      ))}
    </Group>
  );
}

/** What /schedule and /attendance show by event type: all events, or those of one type. */
export type EventTypeFilter = 'all' | EventType;

const EVENT_TYPE_FILTERS: readonly { value: EventTypeFilter; label: string }[] = [
  { value: 'all', label: 'All Events' },
  { value: 'game', label: 'Games' },
  { value: 'training', label: 'Training' },
  { value: 'meeting', label: 'Meetings' },
  { value: 'social', label: 'Social' },
];

/** The event-type filter of /schedule and /attendance. */
export function EventTypeFilterButtons(props: {
  value: EventTypeFilter;
  onChange: (value: EventTypeFilter) => void;
}) {
  return <FilterButtons label="Filter by event type" options={EVENT_TYPE_FILTERS} {...props} />;
}
