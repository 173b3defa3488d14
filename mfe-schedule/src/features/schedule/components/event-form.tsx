/**
 * "Add New Event" / "Edit Event" (reference §5 Event form): title, date, time and location required
 * (the button stays disabled otherwise), type defaulting to training, description and "Required
 * attendance". An event may repeat weekly on chosen weekdays until a date or for a number of
 * events: a new one, a single one being edited (it becomes the first of a series), or an
 * occurrence changed with "This and following events" (its series' rule, which it may change).
 * Admins see who is away on the picked date, or on every date of the series. With several teams
 * in the club the event belongs to a team or to the whole club (docs/reference.md "Teams"): a club
 * admin picks "Club-wide" or any team, a coach one of the teams they coach (@teamapp/ui's
 * TeamPicker); the header's team comes first when it is one of those, and a coach of several teams
 * with none of theirs chosen there picks one before adding. Before sending, the event's request schema (the server's
 * rules) checks the values; a problem shows under its field.
 */
import type { FormEvent } from 'react';
import {
  Alert,
  Checkbox,
  Chip,
  List,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { errorText } from '@teamapp/api-client';
import {
  EVENT_TYPES,
  WEEKDAYS,
  eventInputSchema,
  type AwayMember,
  type ClubEvent,
  type EventInput,
  type EventScope,
  type EventType,
  type Recurrence,
  type Weekday,
} from '@teamapp/contracts';
import {
  ApiFormStack,
  FormActions,
  LiveRegion,
  requestSchema,
  type TeamPick,
  TeamPicker,
  useApiForm,
  useTeamPick,
  RadioChoices,
} from '@teamapp/ui';
import { calendarDay, clubParts } from '../../shared/club-time';
import { DateField } from '../../shared/date-fields';
import { EVENT_TYPE_LABELS, SCOPE_CHOICES, WEEKDAY_LABELS } from '../../shared/event-labels';
import { seriesDates } from '../../shared/series-dates';
import { useConflicts, useSaveEvent } from '../api/events-api';

// Reference §8: the fallback when the server gives no message.
const CREATE_FAILED = 'Failed to create event';
const UPDATE_FAILED = 'Failed to update event';
/** JavaScript's getUTCDay() order. */
const BY_DAY_INDEX: Weekday[] = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];

interface EventFormValues {
  title: string;
  date: string;
  time: string;
  location: string;
  type: EventType;
  description: string;
  isRequired: boolean;
  repeat: boolean;
  weekdays: Weekday[];
  endBy: 'until' | 'count';
  until: string;
  count: number | string;
  scope: EventScope;
  /** A team's id; '' for the whole club (a club admin) or while a coach has not picked one. */
  team: string;
}

/**
 * What the request says of the team: a team's id; null for the whole club, sent only with several
 * teams (with one team an event is sent as before). A coach of one team who has no picker sends
 * that team.
 */
function teamInputOf(team: string, pick: TeamPick): Pick<EventInput, 'teamId'> {
  if (team) return { teamId: team };
  if (pick.clubWide) return pick.shown ? { teamId: null } : {};
  const [only, ...others] = pick.teams;
  return only && others.length === 0 ? { teamId: only.id } : {};
}

/** The form's values for a new event, or for `event` as the club's clock shows it. */
function valuesOf(event: ClubEvent | null, timeZone: string, team: string): EventFormValues {
  const start = event ? clubParts(event.event_date, timeZone) : { date: '', time: '' };
  const rule = event?.recurrence ?? null;
  return {
    title: event?.title ?? '',
    date: start.date,
    time: start.time,
    location: event?.location ?? '',
    type: event?.type ?? 'training',
    description: event?.description ?? '',
    isRequired: event?.isRequired ?? false,
    repeat: false,
    weekdays: rule?.weekdays ?? [],
    endBy: rule?.until ? 'until' : 'count',
    until: rule?.until ?? '',
    count: rule?.count ?? 4,
    scope: 'this',
    team,
  };
}

/** Whether the event repeats: an occurrence changed on its own keeps its series' rule. */
const repeatsOf = (values: EventFormValues, inSeries: boolean) =>
  inSeries ? values.scope === 'following' : values.repeat;

/** The weekly rule once its days and end are given, else null. */
function recurrenceOf(values: EventFormValues): Recurrence | null {
  const { weekdays, endBy, until, count } = values;
  if (weekdays.length === 0 || (endBy === 'until' ? until === '' : !(Number(count) >= 1))) {
    return null;
  }
  return {
    weekdays: WEEKDAYS.filter((d) => weekdays.includes(d)),
    ...(endBy === 'until' ? { until } : { count: Number(count) }),
  };
}

function eventInputOf(values: EventFormValues, inSeries: boolean, pick: TeamPick): EventInput {
  const recurrence = repeatsOf(values, inSeries) ? recurrenceOf(values) : null;
  return {
    ...teamInputOf(values.team, pick),
    title: values.title,
    eventDate: `${values.date}T${values.time}`,
    location: values.location,
    type: values.type,
    description: values.description,
    isRequired: values.isRequired,
    ...(recurrence ? { recurrence } : {}),
  };
}

/** The form field that shows a problem the event's schema found at `path`. */
function eventFieldOf(requestPath: string): string {
  const [head = '', part] = requestPath.split('.');
  if (head === 'eventDate') return 'date';
  if (head === 'teamId') return 'team';
  if (head !== 'recurrence') return head;
  return part === 'until' || part === 'count' ? part : 'weekdays';
}

interface Props {
  event: ClubEvent | null;
  timeZone: string;
  isAdmin: boolean;
  onClose: () => void;
  onSaved: (message: string) => void;
}

export function EventForm({ event, timeZone, isAdmin, onClose, onSaved }: Props) {
  const save = useSaveEvent();
  // An event starts in its own team; a new one as the picker starts.
  const pick = useTeamPick({ coachChooses: true });
  const inSeries = !!event?.seriesId;
  const api = useApiForm({
    initialValues: valuesOf(event, timeZone, event ? (event.teamId ?? '') : pick.initial),
    schema: requestSchema(
      eventInputSchema,
      (values: EventFormValues) => eventInputOf(values, inSeries, pick),
      eventFieldOf,
    ),
    submit: (input, values) =>
      save.mutateAsync({
        id: event?.id ?? null,
        input,
        scope: inSeries ? values.scope : undefined,
      }),
    errorMessage: (err) => errorText(err, event ? UPDATE_FAILED : CREATE_FAILED),
    onSuccess: (res) => onSaved(res.message),
  });
  const { form } = api;
  const { title, date, time, location, weekdays, endBy, team } = form.values;
  const repeats = repeatsOf(form.values, inSeries);
  const filled =
    [title, date, time, location].every((v) => v.trim() !== '') &&
    (!pick.shown || pick.clubWide || team !== '');
  const recurrence = repeats ? recurrenceOf(form.values) : null;
  const canSubmit = filled && (!repeats || recurrence !== null) && !api.pending;
  const validDate = /^\d{4}-\d{2}-\d{2}$/.test(date);
  const checkDates = !validDate ? [] : recurrence ? seriesDates(date, recurrence) : [date];
  const away = useConflicts(checkDates, isAdmin);

  function toggleRepeat(on: boolean) {
    form.setFieldValue('repeat', on);
    if (on && weekdays.length === 0 && date) {
      const day = BY_DAY_INDEX[new Date(`${date}T00:00:00Z`).getUTCDay()];
      if (day) form.setFieldValue('weekdays', [day]);
    }
  }

  function onSubmit(e: FormEvent) {
    if (canSubmit) api.onSubmit(e);
    else e.preventDefault();
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
      <ApiFormStack api={api} onSubmit={onSubmit}>
        <TextInput label="Title" required {...form.getInputProps('title')} data-autofocus />
        <Group grow align="start" wrap="wrap">
          <DateField label="Date" required {...form.getInputProps('date')} miw={150} />
          <TimeInput label="Time" required {...form.getInputProps('time')} miw={120} />
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
        <TextInput label="Location" required {...form.getInputProps('location')} />
        {pick.shown && (
          <TeamPicker pick={pick} keep={event?.team} {...form.getInputProps('team')} />
        )}
        <NativeSelect
          label="Type"
          data={EVENT_TYPES.map((t) => ({ value: t, label: EVENT_TYPE_LABELS[t] }))}
          {...form.getInputProps('type')}
        />
        <Textarea label="Description" autosize minRows={2} {...form.getInputProps('description')} />
        <Checkbox
          label="Required attendance"
          {...form.getInputProps('isRequired', { type: 'checkbox' })}
        />
        {inSeries && (
          <RadioChoices
            label="Apply the change to"
            choices={SCOPE_CHOICES}
            {...form.getInputProps('scope')}
          />
        )}
        {!inSeries && (
          <Switch
            label="Repeat weekly"
            checked={form.values.repeat}
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
            <Chip.Group
              multiple
              value={weekdays}
              onChange={(v) => form.setFieldValue('weekdays', v as Weekday[])}
            >
              <Group gap={6} role="group" aria-labelledby="repeat-days-label">
                {WEEKDAYS.map((d) => (
                  <Chip key={d} value={d} size="sm">
                    {WEEKDAY_LABELS[d]}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
            {form.errors.weekdays && (
              <Text size="sm" c="red.9">
                {form.errors.weekdays}
              </Text>
            )}
            <SegmentedControl
              aria-label="Ends"
              value={endBy}
              onChange={(v) => form.setFieldValue('endBy', v as 'until' | 'count')}
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
                {...form.getInputProps('count')}
              />
            ) : (
              <DateField
                label="Until"
                notBefore={validDate ? date : undefined}
                {...form.getInputProps('until')}
              />
            )}
          </Stack>
        )}
        <FormActions
          mt="sm"
          onCancel={onClose}
          disabled={!canSubmit}
          loading={api.pending}
          submit={event ? 'Save Event' : 'Add Event'}
        />
      </ApiFormStack>
    </Modal>
  );
}
