/**
 * /availability, "My Availability" (reference §2, §4, §5): a Sunday-first month of 42 days
 * (@mantine/dates' Month) with the days inside a Not Available entry marked (in words too, not by
 * colour alone), the member's
 * entries with delete after the reference's confirmation, and the Add Availability modal. A Not Available
 * range answers Can't Go for the events it covers (the events service does that).
 */
import { useState } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { DatesProvider, Month as MonthView, type DatesProviderSettings } from '@mantine/dates';
import dayjs from 'dayjs';
import type { AvailabilityEntry } from '@teamapp/contracts';
import {
  LoadingOrError,
  OutcomeRegion,
  PageHeader,
  PlainList,
  useConfirmedDelete,
  usePageTitle,
} from '@teamapp/ui';
import { useAvailability, useDeleteAvailability } from '../api/availability-api';
import {
  dateLabel,
  dayLabel,
  firstDayOf,
  monthLabel,
  monthOf,
  shiftMonth,
  todayIso,
  unavailableEntry,
  type Month,
} from '../month-grid';
import { AvailabilityForm } from './availability-form';

export const CONFIRM_DELETE = 'Are you sure you want to delete this availability entry?';
export const NO_ENTRIES =
  'No availability entries yet. Add one when you will be away, and your events are answered for you.';
const LOAD_FAILED = 'Failed to load availability';
const DELETE_FAILED = 'Failed to delete availability entry';

/** The confirmation before deleting one (useConfirmedDelete). */
const DELETING = { what: 'Availability Entry', message: CONFIRM_DELETE, failed: DELETE_FAILED };

function rangeLabel(entry: AvailabilityEntry) {
  return entry.start_date === entry.end_date
    ? dateLabel(entry.start_date)
    : `${dateLabel(entry.start_date)} – ${dateLabel(entry.end_date)}`;
}

interface MonthCalendarProps {
  month: Month;
  entries: AvailabilityEntry[];
  today: string;
}

/** Weekday headings: "Sun" with the full name for those who hover or read it out. */
const weekdayHeading = (day: string) => (
  <abbr title={dayjs(day).format('dddd')} style={{ textDecoration: 'none' }}>
    {dayjs(day).format('ddd')}
  </abbr>
);

/** Reference §2: a Sunday-first month of 42 cells (6 weeks) whatever the month. */
const MONTH_SETTINGS = { locale: 'en', firstDayOfWeek: 0, weekendDays: [], consistentWeeks: true };

const DAY_STYLES = {
  monthCell: { border: '1px solid var(--mantine-color-gray-3)', padding: 0 },
  day: {
    aspectRatio: 'auto',
    minHeight: 44,
    height: 'auto',
    flexDirection: 'column',
    borderRadius: 0,
    opacity: 1,
    fontSize: 'var(--mantine-font-size-sm)',
  },
} as const;

function MonthCalendar({ month, entries, today }: MonthCalendarProps) {
  return (
    <DatesProvider settings={MONTH_SETTINGS as DatesProviderSettings}>
      <MonthView
        static
        __preventFocus
        fullWidth
        month={firstDayOf(month)}
        aria-label={`Availability in ${monthLabel(month)}`}
        data-testid="availability-grid"
        weekdayFormat={weekdayHeading}
        styles={DAY_STYLES}
        getDayProps={(date) => {
          const away = unavailableEntry(date, entries);
          return {
            'aria-label': undefined,
            'data-date': date,
            'data-unavailable': away ? 'true' : undefined,
            style: {
              background: away ? 'var(--mantine-color-red-1)' : undefined,
              fontWeight: date === today ? 700 : undefined,
              outline: date === today ? '2px solid var(--mantine-color-blue-7)' : undefined,
              outlineOffset: -2,
            },
          };
        }}
        renderDay={(date) => {
          const away = unavailableEntry(date, entries);
          return (
            <>
              <span aria-hidden="true">{dayjs(date).date()}</span>
              {away && (
                <Text span size="xs" c="red.9" display="block" aria-hidden="true" fw={700}>
                  Away
                </Text>
              )}
              <VisuallyHidden>
                {dayLabel(date)}
                {date === today ? ', today' : ''}
                {away ? `, unavailable${away.reason ? `: ${away.reason}` : ''}` : ''}
              </VisuallyHidden>
            </>
          );
        }}
      />
    </DatesProvider>
  );
}

/** `today` (YYYY-MM-DD) defaults to the device's date; it picks the month shown first. */
export function AvailabilityPage({ today = todayIso() }: { today?: string }) {
  usePageTitle('My Availability');
  const query = useAvailability();
  const remove = useDeleteAvailability();
  const [month, setMonth] = useState<Month>(() => monthOf(today));
  const [adding, setAdding] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const deletion = useConfirmedDelete({
    ...DELETING,
    remove: (entry: AvailabilityEntry) => remove.mutateAsync(entry.id),
    onOutcome: setMessage,
  });
  const entries = query.data ?? [];
  const sorted = [...entries].sort((a, b) => a.start_date.localeCompare(b.start_date));

  return (
    <Stack gap="md">
      <PageHeader title="My Availability">
        <Button
          onClick={() => {
            setMessage(null);
            setAdding(true);
          }}
        >
          Add Availability
        </Button>
      </PageHeader>
      <OutcomeRegion message={message} />
      <LoadingOrError query={query} loading="Loading availability..." failed={LOAD_FAILED} />
      <Card withBorder radius="md" padding="md">
        <Group justify="space-between" mb="sm" wrap="nowrap">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label="Previous month"
            onClick={() => setMonth((m) => shiftMonth(m, -1))}
          >
            <span aria-hidden="true">‹</span>
          </ActionIcon>
          <Title order={2} size="h4" aria-live="polite">
            {monthLabel(month)}
          </Title>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label="Next month"
            onClick={() => setMonth((m) => shiftMonth(m, 1))}
          >
            <span aria-hidden="true">›</span>
          </ActionIcon>
        </Group>
        <MonthCalendar month={month} entries={entries} today={today} />
      </Card>
      <Card withBorder radius="md" padding="md">
        <Title order={2} size="h4" mb="sm">
          Availability Entries
        </Title>
        {query.isSuccess && sorted.length === 0 && <Text c="dimmed">{NO_ENTRIES}</Text>}
        <PlainList gap="xs">
          {sorted.map((entry) => (
            <li key={entry.id}>
              <Group justify="space-between" wrap="nowrap" align="start">
                <div style={{ minWidth: 0 }}>
                  <Text fw={600}>{rangeLabel(entry)}</Text>
                  <Group gap="xs">
                    <Badge color={entry.is_available ? 'green' : 'red'} variant="light">
                      {entry.is_available ? 'Available' : 'Not Available'}
                    </Badge>
                    {entry.reason && (
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {entry.reason}
                      </Text>
                    )}
                  </Group>
                </div>
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  aria-label={`Delete availability entry ${rangeLabel(entry)}`}
                  onClick={() => deletion.ask(entry)}
                >
                  Delete
                </Button>
              </Group>
            </li>
          ))}
        </PlainList>
      </Card>
      {adding && (
        <AvailabilityForm
          opened
          initialDate={today}
          onClose={() => setAdding(false)}
          onAdded={(text) => {
            setAdding(false);
            setMessage({ ok: true, text });
          }}
        />
      )}
      {deletion.dialog()}
    </Stack>
  );
}
