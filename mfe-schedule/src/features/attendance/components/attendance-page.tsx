/**
 * /attendance, "Attendance Tracking" (reference §2 Attendance, §9), for admins: a type filter, the
 * four summary cards, and per event the invited count, Attending / Absent / Uncertain and each
 * member's answer (a guardian's for a child names them: "Going, answered by Pat Young (Mother)",
 * docs/reference.md "Families"). After an event starts an admin records who came; Export Report downloads the
 * CSV of the filtered events. The list follows the header's team; a coach (reference §6 team roles)
 * sees, records and exports the events of the teams they coach only: with a team chosen in the
 * header that they do not coach, the list is of every team they coach, and says so. A player who
 * coaches no team gets the server's refusal (docs/reference.md "Teams").
 */
import { useState } from 'react';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { errorText } from '@teamapp/api-client';
import type { AttendanceEvent } from '@teamapp/contracts';
import {
  ErrorNotice,
  LoadingNotice,
  PageHeader,
  TableScroll,
  usePageTitle,
  useSession,
  useTeamChoice,
  OutcomeRegion,
} from '@teamapp/ui';
import { useActivePlayers, useAttendance, useExportReport } from '../api/attendance-api';
import {
  attendeeName,
  eventCounts,
  filterByType,
  RESPONSE_LABELS,
  summarise,
} from '../attendance-stats';
import { RecordAttendanceDialog } from './record-attendance-dialog';
import { EventTypeFilterButtons, type EventTypeFilter } from '../../shared/filter-buttons';
import { useEventRights } from '../../shared/event-rights';
import { guardianName } from '../../shared/rsvp';
import { EventHeading } from '../../shared/event-heading';
import { clubDateTime } from '../../shared/club-time';

const LOAD_FAILED = 'Failed to load attendance';
const EXPORT_FAILED = 'Failed to export the report';

function SummaryCard({ label, value }: { label: string; value: string }) {
  return (
    <Card withBorder radius="md" padding="md" role="group" aria-label={label}>
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {value}
      </Text>
    </Card>
  );
}

interface EventCardProps {
  event: AttendanceEvent;
  when: string;
  started: boolean;
  /** The member may record who came (a club admin, or a coach of the event's team). */
  canRecord: boolean;
  onRecord: () => void;
}

function EventCard({ event, when, started, canRecord, onRecord }: EventCardProps) {
  const counts = eventCounts(event);
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={event.title}>
      <Stack gap="xs">
        <Group justify="space-between" align="start" wrap="wrap">
          <EventHeading title={event.title} order={2}>
            <Text size="sm" c="dimmed">
              {when} · {event.location}
            </Text>
          </EventHeading>
          <Badge variant="light">{event.type}</Badge>
        </Group>
        <Group gap="md" wrap="wrap">
          <Text size="sm">Invited: {counts.invited}</Text>
          <Text size="sm" c="green.9">
            Attending: {counts.attending}
          </Text>
          <Text size="sm" c="red.9">
            Absent: {counts.absent}
          </Text>
          <Text size="sm" c="orange.9">
            Uncertain: {counts.uncertain}
          </Text>
        </Group>
        {started && (
          <Text size="sm" fw={600}>
            Completed: {counts.attended} attended
            {event.attendanceRecorded ? '' : ' (from Going answers)'}
          </Text>
        )}
        {event.attendees.length > 0 && (
          <TableScroll minWidth={320} label={`Responses for ${event.title}`}>
            <Table striped aria-label={`Responses for ${event.title}`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Player</Table.Th>
                  <Table.Th>Response</Table.Th>
                  {event.attendanceRecorded && <Table.Th>Presence</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {event.attendees.map((a) => (
                  <Table.Tr key={a.userId}>
                    <Table.Td>{attendeeName(a.name)}</Table.Td>
                    <Table.Td>
                      {RESPONSE_LABELS[a.status]}
                      {a.reason ? ` (${a.reason})` : ''}
                      {a.answeredBy ? `, answered by ${guardianName(a.answeredBy)}` : ''}
                    </Table.Td>
                    {event.attendanceRecorded && (
                      <Table.Td style={{ textTransform: 'capitalize' }}>
                        {a.presence ?? '—'}
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
        {started && canRecord && (
          <Button
            size="xs"
            variant="light"
            onClick={onRecord}
            aria-label={`Record attendance for ${event.title}`}
            style={{ alignSelf: 'start' }}
          >
            Record attendance
          </Button>
        )}
      </Stack>
    </Card>
  );
}

export function AttendancePage() {
  usePageTitle('Attendance Tracking');
  const { isAdmin } = useSession();
  const { team: header, coachedTeams } = useTeamChoice();
  const rights = useEventRights();
  // The header's team when the member runs it; otherwise every team they run.
  const teamId = header && rights.canManage(header.id) ? header.id : null;
  const notCoached = header && !teamId && coachedTeams.length > 0 ? header : null;
  const coachedNames = coachedTeams.map((t) => t.name).join(', ');
  const query = useAttendance(teamId);
  // The report of every event is an admin's; a coach's is of the chosen team they coach.
  const canExport = isAdmin || (!!teamId && rights.canManage(teamId));
  const players = useActivePlayers();
  const exportReport = useExportReport();
  const [type, setType] = useState<EventTypeFilter>('all');
  const [recording, setRecording] = useState<AttendanceEvent | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [exporting, setExporting] = useState(false);

  const events = filterByType(query.data?.data ?? [], type).sort((a, b) =>
    b.date.localeCompare(a.date),
  );
  const summary = summarise(events, players.data ?? 0);
  const timeZone = query.data?.timeZone ?? 'UTC';
  const now = Date.now();

  async function onExport() {
    setExporting(true);
    setMessage(null);
    try {
      const name = await exportReport(type, teamId);
      setMessage({ ok: true, text: `Downloaded ${name}` });
    } catch {
      setMessage({ ok: false, text: EXPORT_FAILED });
    } finally {
      setExporting(false);
    }
  }

  return (
    <Stack gap="md">
      <PageHeader title="Attendance Tracking">
        {canExport && (
          <Button variant="light" onClick={() => void onExport()} loading={exporting}>
            Export Report
          </Button>
        )}
      </PageHeader>
      {notCoached && (
        <Text size="sm" c="dimmed">
          You do not coach {notCoached.name}: these are the events of the teams you coach (
          {coachedNames}).
        </Text>
      )}
      <EventTypeFilterButtons value={type} onChange={setType} />
      <OutcomeRegion message={message} />
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
        <SummaryCard label="Total Events" value={String(summary.totalEvents)} />
        <SummaryCard label="Total Attendance" value={String(summary.totalAttendance)} />
        <SummaryCard label="Average Rate" value={`${summary.averageRate}%`} />
        <SummaryCard label="Active Players" value={String(summary.activePlayers)} />
      </SimpleGrid>
      {query.isPending && <LoadingNotice label="Loading attendance..." />}
      {query.isError && (
        <ErrorNotice
          message={errorText(query.error, LOAD_FAILED)}
          onRetry={() => void query.refetch()}
        />
      )}
      {query.isSuccess && events.length === 0 && <Text c="dimmed">No Events</Text>}
      <Stack gap="md">
        {events.map((event) => (
          <EventCard
            key={event.id}
            event={event}
            when={clubDateTime(event.date, timeZone)}
            started={new Date(event.date).getTime() <= now}
            canRecord={rights.canManage(event.teamId)}
            onRecord={() => {
              setMessage(null);
              setRecording(event);
            }}
          />
        ))}
      </Stack>
      {recording && (
        <RecordAttendanceDialog
          event={recording}
          onClose={() => setRecording(null)}
          onSaved={(text) => {
            setRecording(null);
            setMessage({ ok: true, text });
          }}
        />
      )}
    </Stack>
  );
}
