/**
 * /family (docs/reference.md "Families"), for guardians: each child with their teams and next
 * events, the child's answer to each (Going / Maybe / Can't Go, the current one pressed, with who
 * gave it) and "Add absence", which adds an availability entry for the child. Times are the
 * club's. Answers go with `forUserId`, so they are the child's, not the guardian's.
 */
import { useState } from 'react';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { errorText } from '@teamapp/api-client';
import type { FamilyChild, FamilyEvent, RsvpStatus } from '@teamapp/contracts';
import {
  ErrorNotice,
  isWaitingToSend,
  LoadingNotice,
  PageHeader,
  PlainList,
  usePageTitle,
  OutcomeRegion,
} from '@teamapp/ui';
import { AvailabilityForm } from '../../availability/components/availability-form';
import { useRsvp } from '../../schedule/api/events-api';
import { EVENT_TYPE_LABELS } from '../../shared/event-labels';
import { answeredByText } from '../../shared/rsvp';
import { RsvpButtons } from '../../shared/rsvp-buttons';
import { useFamily } from '../api/family-api';
import { EventHeading, EventTimePlace } from '../../shared/event-heading';

const LOAD_FAILED = 'Failed to load your family';
const RSVP_FAILED = 'Failed to update RSVP';
export const NO_CHILDREN = 'No young players are linked to your account.';
export const noEventsFor = (name: string) => `No upcoming events for ${name}`;

/** Today's date (YYYY-MM-DD) on this device, where an absence starts by default. */
const today = () => new Date().toLocaleDateString('en-CA');

interface EventProps {
  child: FamilyChild;
  event: FamilyEvent;
  timeZone: string;
  busy: boolean;
  onAnswer: (status: RsvpStatus) => void;
}

function ChildEvent({ child, event, timeZone, busy, onAnswer }: EventProps) {
  const { answer } = event;
  const by = answeredByText(answer);
  return (
    <Card withBorder radius="md" padding="sm" component="li">
      <Stack gap={6}>
        <Group justify="space-between" align="start" wrap="wrap" gap="xs">
          <EventHeading title={event.title} size="h5">
            <EventTimePlace date={event.event_date} location={event.location} timeZone={timeZone} />
          </EventHeading>
          <Group gap="xs">
            {event.team && <Badge variant="outline">{event.team.name}</Badge>}
            <Badge variant="light">{EVENT_TYPE_LABELS[event.type]}</Badge>
          </Group>
        </Group>
        <RsvpButtons
          label={`${child.name}'s answer for ${event.title}`}
          eventId={event.id}
          forUserId={child.id}
          current={answer.status}
          busy={busy}
          onAnswer={onAnswer}
        />
        {answer.reason && (
          <Text size="sm" c="red.9">
            {answer.reason}
          </Text>
        )}
        {by && (
          <Text size="xs" c="dimmed">
            {by}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

export function FamilyPage() {
  usePageTitle('Family');
  const query = useFamily();
  const rsvp = useRsvp();
  const [absenceFor, setAbsenceFor] = useState<FamilyChild | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const timeZone = query.data?.timeZone ?? 'UTC';
  const children = query.data?.data.children ?? [];

  async function answer(child: FamilyChild, event: FamilyEvent, status: RsvpStatus) {
    setMessage(null);
    try {
      await rsvp.mutateAsync({ eventId: event.id, status, forUserId: child.id });
    } catch (err) {
      // Offline, the answer is kept and shows "Waiting to send" on its buttons.
      if (!isWaitingToSend(err)) setMessage({ ok: false, text: errorText(err, RSVP_FAILED) });
    }
  }

  return (
    <Stack gap="md">
      <PageHeader title="Family" />
      <OutcomeRegion message={message} />
      {query.isPending && <LoadingNotice label="Loading your family..." />}
      {query.isError && (
        <ErrorNotice
          message={errorText(query.error, LOAD_FAILED)}
          onRetry={() => void query.refetch()}
        />
      )}
      {query.isSuccess && children.length === 0 && <Text c="dimmed">{NO_CHILDREN}</Text>}
      {children.map((child) => (
        <section key={child.id} aria-labelledby={`child-${child.id}`}>
          <Stack gap="sm">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <div style={{ minWidth: 0 }}>
                <Title order={2} size="h3" id={`child-${child.id}`}>
                  {child.name}
                </Title>
                {child.teams.length > 0 && (
                  <Group gap={6} mt={4} aria-label={`${child.name}'s teams`} role="list">
                    {child.teams.map((team) => (
                      <Badge
                        key={team.id}
                        role="listitem"
                        variant="filled"
                        color={team.colour}
                        styles={{ root: { color: '#fff', maxWidth: '12rem' } }}
                      >
                        {team.name}
                      </Badge>
                    ))}
                  </Group>
                )}
              </div>
              <Button
                variant="light"
                onClick={() => {
                  setMessage(null);
                  setAbsenceFor(child);
                }}
                aria-label={`Add absence for ${child.name}`}
              >
                Add absence
              </Button>
            </Group>
            {child.events.length === 0 ? (
              <Text c="dimmed">{noEventsFor(child.name)}</Text>
            ) : (
              <PlainList gap="sm" label={`${child.name}'s next events`}>
                {child.events.map((event) => (
                  <ChildEvent
                    key={event.id}
                    child={child}
                    event={event}
                    timeZone={timeZone}
                    busy={
                      rsvp.isPending &&
                      rsvp.variables?.eventId === event.id &&
                      rsvp.variables.forUserId === child.id
                    }
                    onAnswer={(status) => void answer(child, event, status)}
                  />
                ))}
              </PlainList>
            )}
          </Stack>
        </section>
      ))}
      {absenceFor && (
        <AvailabilityForm
          key={absenceFor.id}
          opened
          initialDate={today()}
          forUser={{ id: absenceFor.id, name: absenceFor.name }}
          onClose={() => setAbsenceFor(null)}
          onAdded={(text) => {
            setAbsenceFor(null);
            setMessage({ ok: true, text });
          }}
        />
      )}
    </Stack>
  );
}
