/**
 * /schedule, "Team Schedule" (reference §2 Schedule, §4, §5): search and type
 * filters, Upcoming Events (soonest first, with count) with RSVP, Past Events (latest first, only
 * when any) with the attended count and a game's result, and older past events on request, the
 * admin's add / edit / delete (a series asks which events) and Record Result, and the member's
 * private calendar feed. Times are the club's, whatever the device's zone. The list follows the
 * header's team; a coach runs their teams' events as an admin runs all (docs/reference.md
 * "Teams"). A guardian's events name their children's entries (docs/reference.md "Families").
 * Offline it shows the events last seen, saying so and when they were last updated (reference §2
 * "Installing and offline use").
 */
import { useState } from 'react';
import { Button, Stack, Text, Title } from '@mantine/core';
import { errorText } from '@teamapp/api-client';
import {
  EVENT_DELETED,
  type ClubEvent,
  type EventScope,
  type RsvpStatus,
} from '@teamapp/contracts';
import {
  ErrorNotice,
  isWaitingToSend,
  LoadingNotice,
  LoadingOrError,
  OfflineNote,
  OutcomeRegion,
  PageHeader,
  SearchField,
  useConfirmedDelete,
  usePageTitle,
  useSession,
  useTeamChoice,
  RadioChoices,
} from '@teamapp/ui';
import {
  useDeleteEvent,
  useEvents,
  useFamilyNames,
  useMemberNames,
  useOlderEvents,
  useRsvp,
} from '../api/events-api';
import { CalendarFeed } from './calendar-feed';
import { EventCard } from './event-card';
import { EventForm } from './event-form';
import { SCOPE_CHOICES } from '../../shared/event-labels';
import { RecordResultDialog } from './record-result-dialog';
import { EventTypeFilterButtons, type EventTypeFilter } from '../../shared/filter-buttons';
import { useEventRights } from '../../shared/event-rights';
import { childEntriesOf, ownAnswer, ownEntriesOf } from '../../shared/own-answer';

export const CONFIRM_DELETE =
  'Are you sure you want to delete this event? This action cannot be undone.';
const LOAD_FAILED = 'Failed to fetch events';
const RSVP_FAILED = 'Failed to update RSVP';
const DELETE_FAILED = 'Failed to delete event';

/** The list's events and the older pages loaded after it, each event once. */
function allEvents(first: ClubEvent[] = [], pages: { events: ClubEvent[] }[] = []) {
  const byId = new Map<string, ClubEvent>();
  for (const e of [...first, ...pages.flatMap((p) => p.events)]) {
    if (!byId.has(e.id)) byId.set(e.id, e);
  }
  return [...byId.values()];
}

/** Reference §4: an event is upcoming when its time is now or later. */
export function splitEvents(events: ClubEvent[], now: number) {
  const at = (e: ClubEvent) => new Date(e.event_date).getTime();
  return {
    upcoming: events.filter((e) => at(e) >= now).sort((a, b) => at(a) - at(b)),
    past: events.filter((e) => at(e) < now).sort((a, b) => at(b) - at(a)),
  };
}

export function SchedulePage() {
  usePageTitle('Team Schedule');
  const { user, isAdmin } = useSession();
  const { teamId, severalTeams } = useTeamChoice();
  const rights = useEventRights();
  const query = useEvents(teamId);
  // Older past events: from the list's cursor, once the member asks for them.
  const cursor = query.data?.olderBefore ?? null;
  const [olderFrom, setOlderFrom] = useState<string | null>(null);
  const olderWanted = cursor !== null && olderFrom === cursor;
  const older = useOlderEvents(teamId, cursor, olderWanted);
  const rsvp = useRsvp();
  const remove = useDeleteEvent();
  const [filter, setFilter] = useState<EventTypeFilter>('all');
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<ClubEvent | 'new' | null>(null);
  const [recording, setRecording] = useState<ClubEvent | null>(null);
  const [deleteScope, setDeleteScope] = useState<EventScope>('this');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const deletion = useConfirmedDelete({
    what: 'Event',
    message: CONFIRM_DELETE,
    remove: (event: ClubEvent) =>
      remove.mutateAsync({ id: event.id, scope: event.seriesId ? deleteScope : undefined }),
    deleted: EVENT_DELETED,
    failed: DELETE_FAILED,
    onOutcome: setMessage,
  });
  const timeZone = query.data?.timeZone ?? 'UTC';

  const loaded = allEvents(query.data?.events, older.data?.pages);
  const mine = ownEntriesOf([...(older.data?.pages ?? []), query.data]);
  const childEntries = childEntriesOf([...(older.data?.pages ?? []), query.data]);
  const family = useFamilyNames(Object.keys(childEntries).length > 0);
  const moreOlder = olderWanted ? older.isPending || older.hasNextPage : cursor !== null;
  // A page on its way (not a reload of those shown after a change).
  const loadingOlder = older.isFetchingNextPage || (olderWanted && older.isPending);
  const needle = search.trim().toLowerCase();
  const shown = loaded.filter(
    (e) =>
      (filter === 'all' || e.type === filter) &&
      (!needle ||
        e.title.toLowerCase().includes(needle) ||
        e.location.toLowerCase().includes(needle) ||
        e.description.toLowerCase().includes(needle)),
  );
  const { upcoming, past } = splitEvents(shown, Date.now());
  // Scorers are shown by name: the directory loads once some game has any.
  // Scorers and the answers of the events the member runs are shown by name.
  const names = useMemberNames(
    loaded.some(
      (e) =>
        (e.result?.scorers.length ?? 0) > 0 ||
        (e.attendees.length > 0 && rights.canManage(e.teamId)),
    ),
  );

  function showOlder() {
    if (loadingOlder) return;
    if (!olderWanted) setOlderFrom(cursor);
    else void older.fetchNextPage();
  }

  async function answer(event: ClubEvent, status: RsvpStatus) {
    setMessage(null);
    try {
      await rsvp.mutateAsync({ eventId: event.id, status });
    } catch (err) {
      // Offline, the answer is kept and shows "Waiting to send" on its buttons.
      if (!isWaitingToSend(err)) setMessage({ ok: false, text: errorText(err, RSVP_FAILED) });
    }
  }

  const card = (event: ClubEvent, isUpcoming: boolean) => (
    <EventCard
      key={event.id}
      event={event}
      timeZone={timeZone}
      upcoming={isUpcoming}
      mine={ownAnswer(event, user?.id ?? '', mine)}
      canManage={rights.canManage(event.teamId)}
      showTeam={severalTeams}
      busy={rsvp.isPending && rsvp.variables?.eventId === event.id}
      onRsvp={(status) => void answer(event, status)}
      onEdit={() => {
        setMessage(null);
        setEditing(event);
      }}
      onDelete={() => {
        setMessage(null);
        setDeleteScope('this');
        deletion.ask(event);
      }}
      onRecordResult={() => {
        setMessage(null);
        setRecording(event);
      }}
      names={names.data}
      forChildren={(childEntries[event.id] ?? []).map((entry) => ({
        name: family.data?.get(entry.user_id) ?? names.data?.get(entry.user_id) ?? 'Your child',
        entry,
      }))}
    />
  );

  return (
    <Stack gap="md">
      <PageHeader title="Team Schedule">
        {rights.canCreate && (
          <Button
            onClick={() => {
              setMessage(null);
              setEditing('new');
            }}
          >
            Add New Event
          </Button>
        )}
      </PageHeader>
      <OfflineNote paths={/^\/api\/events(\/|$)/} />
      <SearchField
        label="Search events"
        placeholder="Search by title, place or description"
        value={search}
        onChange={setSearch}
      />
      <EventTypeFilterButtons value={filter} onChange={setFilter} />
      <OutcomeRegion message={message} />
      <LoadingOrError query={query} loading="Loading events..." failed={LOAD_FAILED} />
      {query.isSuccess && (
        <>
          <section aria-labelledby="upcoming-heading">
            <Title order={2} size="h3" id="upcoming-heading" mb="sm">
              Upcoming Events ({upcoming.length})
            </Title>
            {upcoming.length === 0 ? (
              <Text c="dimmed">No Events</Text>
            ) : (
              <Stack gap="md">{upcoming.map((e) => card(e, true))}</Stack>
            )}
          </section>
          {(past.length > 0 || moreOlder) && (
            <section aria-labelledby="past-heading">
              <Title order={2} size="h3" id="past-heading" mb="sm">
                Past Events ({past.length})
              </Title>
              <Stack gap="md">
                {past.map((e) => card(e, false))}
                {loadingOlder && <LoadingNotice label="Loading older events..." />}
                {older.isError && !older.isFetching && (
                  <ErrorNotice
                    message={errorText(older.error, LOAD_FAILED)}
                    onRetry={() =>
                      void (older.isFetchNextPageError ? older.fetchNextPage() : older.refetch())
                    }
                  />
                )}
                {moreOlder && !older.isError && (
                  <Button
                    variant="default"
                    style={{ alignSelf: 'center' }}
                    aria-disabled={loadingOlder}
                    onClick={showOlder}
                  >
                    Show older events
                  </Button>
                )}
              </Stack>
            </section>
          )}
        </>
      )}
      <CalendarFeed />
      {editing && (
        <EventForm
          event={editing === 'new' ? null : editing}
          timeZone={timeZone}
          isAdmin={isAdmin}
          onClose={() => setEditing(null)}
          onSaved={(text) => {
            setEditing(null);
            setMessage({ ok: true, text });
          }}
        />
      )}
      {recording && (
        <RecordResultDialog
          event={recording}
          onClose={() => setRecording(null)}
          onSaved={(text) => {
            setRecording(null);
            setMessage({ ok: true, text });
          }}
        />
      )}
      {deletion.dialog(
        deletion.target?.seriesId && (
          <RadioChoices
            label="Delete"
            choices={SCOPE_CHOICES}
            value={deleteScope}
            onChange={(v) => setDeleteScope(v as EventScope)}
            mb="md"
          />
        ),
      )}
    </Stack>
  );
}
