/**
 * One event on /schedule: when (in the club's zone), where, what; the member's RSVP on upcoming
 * events (an answer an absence gave shows its reason), the attended count on past ones, a game's
 * result and scorers, and for whoever runs it (an admin, or a coach of its team) who is away and
 * the Edit / Delete menu (with Record Result, or Edit Result, on a game that has started). With
 * several teams in the club a team's event wears its team's colour and name.
 *
 * Families (docs/reference.md "Families"): a guardian's list names, per event, their children
 * invited to it; each shows as a "For {name}" chip with the child's answer and who gave it. Whoever
 * runs the event reads every answer under "Answers", with "answered by {guardian} ({relation})"
 * where a guardian gave it.
 */
import { ActionIcon, Badge, Card, Group, Menu, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { Attendee, ClubEvent, RsvpStatus } from '@teamapp/contracts';
import { EVENT_TYPE_LABELS } from '../../shared/event-labels';
import { answerLabel, guardianName } from '../../shared/rsvp';
import { RsvpButtons } from '../../shared/rsvp-buttons';
import { OUTCOME_COLORS, resultLabel, resultWords, scorerLines } from '../game-result';
import { EventHeading, EventTimePlace } from '../../shared/event-heading';
import { PlainList } from '@teamapp/ui';

interface Props {
  event: ClubEvent;
  timeZone: string;
  upcoming: boolean;
  /** The member's own entry (ownAnswer), if they are invited. */
  mine: Attendee | undefined;
  /** The member runs this event (a club admin, or a coach of its team). */
  canManage: boolean;
  /** The club has several teams: a team's event shows its team. */
  showTeam: boolean;
  busy: boolean;
  onRsvp: (status: RsvpStatus) => void;
  onEdit: () => void;
  onDelete: () => void;
  onRecordResult: () => void;
  /** Members' names by id, for the scorers and the answers (undefined while they load). */
  names?: ReadonlyMap<string, string>;
  /** A guardian's children invited to the event, with their entries (the list's `children`). */
  forChildren?: readonly { name: string; entry: Attendee }[];
}

/** "Going", or "Going, answered by Pat Young (Mother)" when a guardian gave the answer. */
export const answerWithWho = (entry: Attendee): string =>
  entry.answeredBy
    ? `${answerLabel(entry.status)}, answered by ${guardianName(entry.answeredBy)}`
    : answerLabel(entry.status);

function ChildChips({
  forChildren,
}: {
  forChildren: readonly { name: string; entry: Attendee }[];
}) {
  return (
    <Stack gap={4}>
      {forChildren.map(({ name, entry }) => (
        <Group key={entry.user_id} gap="xs" wrap="wrap">
          <Badge variant="outline" color="grape.9" styles={{ root: { maxWidth: '14rem' } }}>
            For {name}
          </Badge>
          <Text size="sm">
            {answerWithWho(entry)}
            {entry.reason ? ` (${entry.reason})` : ''}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/** Every invited member's answer, for whoever runs the event; folded until asked for. */
function Answers({
  event,
  names,
}: {
  event: ClubEvent;
  names: ReadonlyMap<string, string> | undefined;
}) {
  return (
    <details>
      <summary style={{ cursor: 'pointer' }}>
        <Text span size="sm" fw={500}>
          Answers ({event.attendees.length})
        </Text>
      </summary>
      <PlainList gap={2} mt={4} label={`Answers for ${event.title}`}>
        {event.attendees.map((a) => (
          <Text component="li" key={a.user_id} size="sm">
            {names?.get(a.user_id) ?? 'Unknown Player'}: {answerWithWho(a)}
            {a.reason ? ` (${a.reason})` : ''}
          </Text>
        ))}
      </PlainList>
    </details>
  );
}

export function EventCard(props: Props) {
  const { event, timeZone, upcoming, mine, canManage, busy, onRsvp, onEdit, onDelete } = props;
  const { onRecordResult, names, showTeam, forChildren = [] } = props;
  const canRecordResult = canManage && !upcoming && event.type === 'game';
  const result = event.result ?? null;
  const scorers = result ? scorerLines(result, names) : null;
  const going = event.counts.attending;
  const away = event.away ?? [];
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={event.title}>
      <Stack gap="xs">
        <Group justify="space-between" align="start" wrap="nowrap">
          <EventHeading title={event.title}>
            <EventTimePlace date={event.event_date} location={event.location} timeZone={timeZone} />
          </EventHeading>
          <Group gap="xs" wrap={showTeam ? 'wrap' : 'nowrap'} justify="flex-end">
            {showTeam && event.team && (
              <Badge
                variant="filled"
                color={event.team.colour}
                styles={{ root: { color: '#fff', maxWidth: '12rem' } }}
              >
                {event.team.name}
              </Badge>
            )}
            <Badge variant="light">{EVENT_TYPE_LABELS[event.type]}</Badge>
            {canManage && (
              <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
                <Menu.Target>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={`Actions for ${event.title}`}
                  >
                    <span aria-hidden="true">⋮</span>
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item onClick={onEdit}>Edit</Menu.Item>
                  {canRecordResult && (
                    <Menu.Item onClick={onRecordResult}>
                      {result ? 'Edit Result' : 'Record Result'}
                    </Menu.Item>
                  )}
                  <Menu.Item color="red.9" onClick={onDelete}>
                    Delete
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            )}
          </Group>
        </Group>
        {event.isRequired && (
          <Badge color="red" variant="outline" style={{ alignSelf: 'start' }}>
            Required attendance
          </Badge>
        )}
        {event.seriesId && (
          <Text size="xs" c="dimmed">
            Repeats weekly
          </Text>
        )}
        {forChildren.length > 0 && <ChildChips forChildren={forChildren} />}
        {event.description && (
          <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {event.description}
          </Text>
        )}
        {upcoming ? (
          <>
            <RsvpButtons
              label={`Your answer for ${event.title}`}
              eventId={event.id}
              current={mine?.status}
              busy={busy}
              onAnswer={onRsvp}
            />
            {mine?.reason && (
              <Text size="sm" c="red.9">
                {mine.reason}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {going} going
            </Text>
          </>
        ) : (
          <Text size="sm" fw={600}>
            Completed: {event.attended} attended
          </Text>
        )}
        {result && (
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              Result:{' '}
              <Text span fw={700} size="lg" c={OUTCOME_COLORS[result.outcome]} aria-hidden="true">
                {resultLabel(result)}
              </Text>
              <VisuallyHidden>{resultWords(result)}</VisuallyHidden>
            </Text>
            {scorers?.goals && (
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                Goals: {scorers.goals}
              </Text>
            )}
            {scorers?.assists && (
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                Assists: {scorers.assists}
              </Text>
            )}
          </Stack>
        )}
        {canManage && event.attendees.length > 0 && <Answers event={event} names={names} />}
        {canManage && upcoming && away.length > 0 && (
          <Text size="sm" c="orange.9">
            Away:{' '}
            {away
              .map((m) => `${m.name ?? 'Unknown Player'}${m.reason ? ` (${m.reason})` : ''}`)
              .join(', ')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
