/**
 * "Add New Event" / "Edit Event" (reference §5 Event form): title, date, time and location required
 * (the button stays disabled otherwise), type defaulting to training, description and "Required
 * attendance". An event may repeat weekly on chosen weekdays until a date or for a number of
 * events: a new one, a single one being edited (it becomes the first of a series), or an
 * occurrence changed with "This and following events" (its series' rule, which it may change).
 * Admins see who is away on the picked date, or on every date of the series.
 */
import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Chip,
  List,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  Radio,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { errorText } from '@teamapp/api-client';
import {
  EVENT_TYPES,
  WEEKDAYS,
  type AwayMember,
  type ClubEvent,
  type EventInput,
  type EventScope,
  type EventType,
  type Recurrence,
  type Weekday,
} from '@teamapp/contracts';
import { LiveRegion } from '@teamapp/ui';
import { calendarDay, clubParts } from '../../shared/club-time';
import { EVENT_TYPE_LABELS, WEEKDAY_LABELS } from '../../shared/event-labels';
import { seriesDates } from '../../shared/series-dates';
import { useConflicts, useSaveEvent } from '../api/events-api';

// Reference §8: the fallback when the server gives no message.
const CREATE_FAILED = 'Failed to create event';
const UPDATE_FAILED = 'Failed to update event';
/** JavaScript's getUTCDay() order. */
const BY_DAY_INDEX: Weekday[] = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];

interface Props {
  event: ClubEvent | null;
  timeZone: string;
  isAdmin: boolean;
  onClose: () => void;
  onSaved: (message: string) => void;
}

export function EventForm({ event, timeZone, isAdmin, onClose, onSaved }: Props) {
  const start = event ? clubParts(event.event_date, timeZone) : { date: '', time: '' };
  const [title, setTitle] = useState(event?.title ?? '');
  const [date, setDate] = useState(start.date);
  const [time, setTime] = useState(start.time);
  const [location, setLocation] = useState(event?.location ?? '');
  const [type, setType] = useState<EventType>(event?.type ?? 'training');
  const [description, setDescription] = useState(event?.description ?? '');
  const [isRequired, setIsRequired] = useState(event?.isRequired ?? false);
  const rule = event?.recurrence ?? null;
  const [repeat, setRepeat] = useState(false);
  const [weekdays, setWeekdays] = useState<Weekday[]>(rule?.weekdays ?? []);
  const [endBy, setEndBy] = useState<'until' | 'count'>(rule?.until ? 'until' : 'count');
  const [until, setUntil] = useState(rule?.until ?? '');
  const [count, setCount] = useState<number | string>(rule?.count ?? 4);
  const [scope, setScope] = useState<EventScope>('this');
  const [error, setError] = useState<string | null>(null);
  const save = useSaveEvent();
  const inSeries = !!event?.seriesId;
  // An occurrence changed on its own keeps its series' rule; "following" may change it.
  const repeats = inSeries ? scope === 'following' : repeat;

  const filled = [title, date, time, location].every((v) => v.trim() !== '');
  const recurrence: Recurrence | null =
    repeats && weekdays.length > 0 && (endBy === 'until' ? until !== '' : Number(count) >= 1)
      ? {
          weekdays: WEEKDAYS.filter((d) => weekdays.includes(d)),
          ...(endBy === 'until' ? { until } : { count: Number(count) }),
        }
      : null;
  const canSubmit = filled && (!repeats || recurrence !== null) && !save.isPending;
  const validDate = /^\d{4}-\d{2}-\d{2}$/.test(date);
  const checkDates = !validDate ? [] : recurrence ? seriesDates(date, recurrence) : [date];
  const away = useConflicts(checkDates, isAdmin);

  function toggleRepeat(on: boolean) {
    setRepeat(on);
    if (on && weekdays.length === 0 && date) {
      const day = BY_DAY_INDEX[new Date(`${date}T00:00:00Z`).getUTCDay()];
      if (day) setWeekdays([day]);
    }
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!canSubmit) return;
    setError(null);
    const input: EventInput = {
      title: title.trim(),
      eventDate: `${date}T${time}`,
      location: location.trim(),
      type,
      description: description.trim(),
      isRequired,
      ...(recurrence ? { recurrence } : {}),
    };
    try {
      const res = await save.mutateAsync({
        id: event?.id ?? null,
        input,
        scope: inSeries ? scope : undefined,
      });
      onSaved(res.message);
    } catch (err) {
      setError(errorText(err, event ? UPDATE_FAILED : CREATE_FAILED));
    }
  }

  const names = (members: AwayMember[]) =>
    members
      .map((m) => `${m.name ?? 'Unknown Player'}${m.reason ? ` (${m.reason})` : ''}`)
      .join(', ');
  const awayDays = away.data ?? [];

  return (
    <Modal
      opened
      onClose={onClose}
      title={event ? 'Edit Event' : 'Add New Event'}
      centered
      size="lg"
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <LiveRegion urgent>{error && <Alert color="red">{error}</Alert>}</LiveRegion>
          <TextInput
            label="Title"
            required
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            data-autofocus
          />
          <Group grow align="start" wrap="wrap">
            <TextInput
              type="date"
              label="Date"
              required
              value={date}
              onChange={(e) => setDate(e.currentTarget.value)}
              miw={150}
            />
            <TextInput
              type="time"
              label="Time"
              required
              value={time}
              onChange={(e) => setTime(e.currentTarget.value)}
              miw={120}
            />
          </Group>
          <LiveRegion>
            {checkDates.length === 1 && awayDays.length > 0 && (
              <Alert color="yellow" title="Players away that day">
                {names(awayDays[0]!.away)}
              </Alert>
            )}
            {checkDates.length > 1 && awayDays.length > 0 && (
              <Alert
                color="yellow"
                title={`Players away on ${awayDays.length} of ${checkDates.length} dates`}
              >
                <List size="sm" spacing={2}>
                  {awayDays.map((d) => (
                    <List.Item key={d.date}>
                      {calendarDay(d.date)}: {names(d.away)}
                    </List.Item>
                  ))}
                </List>
              </Alert>
            )}
          </LiveRegion>
          <TextInput
            label="Location"
            required
            value={location}
            onChange={(e) => setLocation(e.currentTarget.value)}
          />
          <NativeSelect
            label="Type"
            data={EVENT_TYPES.map((t) => ({ value: t, label: EVENT_TYPE_LABELS[t] }))}
            value={type}
            onChange={(e) => setType(e.currentTarget.value as EventType)}
          />
          <Textarea
            label="Description"
            autosize
            minRows={2}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
          />
          <Checkbox
            label="Required attendance"
            checked={isRequired}
            onChange={(e) => setIsRequired(e.currentTarget.checked)}
          />
          {inSeries && (
            <Radio.Group
              label="Apply the change to"
              value={scope}
              onChange={(v) => setScope(v as EventScope)}
            >
              <Group gap="md" mt={4}>
                <Radio value="this" label="This event" />
                <Radio value="following" label="This and following events" />
              </Group>
            </Radio.Group>
          )}
          {!inSeries && (
            <Switch
              label="Repeat weekly"
              checked={repeat}
              onChange={(e) => toggleRepeat(e.currentTarget.checked)}
            />
          )}
          {repeats && (
            <Stack gap="xs" pl={inSeries ? 0 : 'md'}>
              {inSeries && (
                <Text size="sm" c="dimmed">
                  Repeats weekly: change the days or the end for this and the following events.
                </Text>
              )}
              <Text size="sm" fw={500} id="repeat-days-label">
                On these days
              </Text>
              <Chip.Group multiple value={weekdays} onChange={(v) => setWeekdays(v as Weekday[])}>
                <Group gap={6} role="group" aria-labelledby="repeat-days-label">
                  {WEEKDAYS.map((d) => (
                    <Chip key={d} value={d} size="sm">
                      {WEEKDAY_LABELS[d]}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
              <SegmentedControl
                aria-label="Ends"
                value={endBy}
                onChange={(v) => setEndBy(v as 'until' | 'count')}
                data={[
                  { value: 'count', label: 'After a number of events' },
                  { value: 'until', label: 'On a date' },
                ]}
              />
              {endBy === 'count' ? (
                <NumberInput
                  label="Number of events"
                  min={1}
                  max={730}
                  value={count}
                  onChange={setCount}
                />
              ) : (
                <TextInput
                  type="date"
                  label="Until"
                  value={until}
                  min={date || undefined}
                  onChange={(e) => setUntil(e.currentTarget.value)}
                />
              )}
            </Stack>
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!canSubmit} loading={save.isPending}>
              {event ? 'Save Event' : 'Add Event'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
