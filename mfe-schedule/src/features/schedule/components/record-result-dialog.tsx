/**
 * "Record Result" / "Edit Result" for a game that has started (admins): our score, their
 * score, and a row per player who scored or assisted, picked from the game's attendees (those who
 * said Going first). Checked before sending: both scores whole numbers from 0 to 99, a player on
 * every row, and our players' goals no more than our score. Saving again replaces the result.
 */
import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Fieldset,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  Stack,
  Text,
} from '@mantine/core';
import { errorText } from '@teamapp/api-client';
import type { ClubEvent, Scorer } from '@teamapp/contracts';
import { LiveRegion } from '@teamapp/ui';
import { useMemberNames, useRecordResult } from '../api/events-api';

export const SAVE_RESULT_FAILED = 'Failed to save result';
export const TOO_MANY_GOALS = 'Goals add up to more than our score';
const MAX_SCORE = 99;

type Count = number | string;
interface Row {
  key: number;
  userId: string;
  goals: Count;
  assists: Count;
}
interface Errors {
  ours?: string;
  theirs?: string;
  goals?: string;
  players: Record<number, string>;
}

const isCount = (value: Count) =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_SCORE;
const asCount = (value: Count) => (typeof value === 'number' ? value : 0);

/** The body to send, or what is wrong with the form (per field). */
export function checkResult(
  ours: Count,
  theirs: Count,
  rows: Row[],
): { ok: true; ours: number; theirs: number; scorers: Scorer[] } | { ok: false; errors: Errors } {
  const errors: Errors = { players: {} };
  if (!isCount(ours)) errors.ours = `Enter our score, a whole number from 0 to ${MAX_SCORE}`;
  if (!isCount(theirs)) errors.theirs = `Enter their score, a whole number from 0 to ${MAX_SCORE}`;
  for (const row of rows)
    if (!row.userId) errors.players[row.key] = 'Choose the player who scored or assisted';
  const goals = rows.reduce((sum, row) => sum + asCount(row.goals), 0);
  if (isCount(ours) && goals > (ours as number)) errors.goals = TOO_MANY_GOALS;
  if (errors.ours || errors.theirs || errors.goals || Object.keys(errors.players).length > 0) {
    return { ok: false, errors };
  }
  return {
    ok: true,
    ours: ours as number,
    theirs: theirs as number,
    scorers: rows
      .map((r) => ({ userId: r.userId, goals: asCount(r.goals), assists: asCount(r.assists) }))
      .filter((s) => s.goals > 0 || s.assists > 0),
  };
}

interface Props {
  event: ClubEvent;
  onClose: () => void;
  onSaved: (message: string) => void;
}

export function RecordResultDialog({ event, onClose, onSaved }: Props) {
  const save = useRecordResult();
  const names = useMemberNames(true);
  const existing = event.result ?? null;
  const [ours, setOurs] = useState<Count>(existing?.ours ?? '');
  const [theirs, setTheirs] = useState<Count>(existing?.theirs ?? '');
  const [rows, setRows] = useState<Row[]>(() =>
    (existing?.scorers ?? []).map((s, key) => ({ key, ...s })),
  );
  const [keys, setKeys] = useState(rows.length);
  const [errors, setErrors] = useState<Errors>({ players: {} });
  const [error, setError] = useState<string | null>(null);

  // Going first, then everyone else the game lists, then scorers no longer listed (left the club).
  const nameOf = (userId: string) => names.data?.get(userId) ?? 'Unknown Player';
  const byName = (a: string, b: string) => nameOf(a).localeCompare(nameOf(b));
  const going = event.attendees
    .filter((a) => a.status === 'attending')
    .map((a) => a.user_id)
    .sort(byName);
  const others = [
    ...event.attendees.filter((a) => a.status !== 'attending').map((a) => a.user_id),
    ...(existing?.scorers ?? [])
      .map((s) => s.userId)
      .filter((id) => !event.attendees.some((a) => a.user_id === id)),
  ].sort(byName);

  const optionsFor = (row: Row) => {
    const taken = new Set(rows.filter((r) => r.key !== row.key).map((r) => r.userId));
    const items = (ids: string[]) =>
      ids.filter((id) => !taken.has(id)).map((id) => ({ value: id, label: nameOf(id) }));
    return [
      { value: '', label: 'Choose a player' },
      ...(going.length > 0 ? [{ group: 'Going', items: items(going) }] : []),
      ...(others.length > 0
        ? [{ group: going.length > 0 ? 'Other members' : 'Members', items: items(others) }]
        : []),
    ];
  };

  const update = (key: number, change: Partial<Row>) =>
    setRows((current) => current.map((r) => (r.key === key ? { ...r, ...change } : r)));

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const checked = checkResult(ours, theirs, rows);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({ players: {} });
    try {
      const res = await save.mutateAsync({
        eventId: event.id,
        result: { ours: checked.ours, theirs: checked.theirs, scorers: checked.scorers },
      });
      onSaved(res.message);
    } catch (err) {
      setError(errorText(err, SAVE_RESULT_FAILED));
    }
  }

  const title = `${existing ? 'Edit Result' : 'Record Result'}: ${event.title}`;
  return (
    <Modal opened onClose={onClose} title={title} centered size="lg">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <LiveRegion urgent>{error && <Alert color="red">{error}</Alert>}</LiveRegion>
          <Group grow align="start" gap="sm">
            <NumberInput
              label="Our score"
              required
              min={0}
              max={MAX_SCORE}
              allowNegative={false}
              allowDecimal={false}
              value={ours}
              onChange={setOurs}
              error={errors.ours}
              data-autofocus
            />
            <NumberInput
              label="Their score"
              required
              min={0}
              max={MAX_SCORE}
              allowNegative={false}
              allowDecimal={false}
              value={theirs}
              onChange={setTheirs}
              error={errors.theirs}
            />
          </Group>
          <Text fw={600} size="sm" component="h3" mt="xs">
            Scorers and assists
          </Text>
          {rows.length === 0 && (
            <Text size="sm" c="dimmed">
              No scorers added. Add a row for each player who scored or assisted.
            </Text>
          )}
          {names.isError && (
            <Text size="sm" c="red.9">
              {errorText(names.error, 'Failed to load player names')}
            </Text>
          )}
          {rows.map((row, index) => (
            <Fieldset key={row.key} legend={`Scorer ${index + 1}`} variant="filled" p="sm">
              <Stack gap="xs">
                <NativeSelect
                  label="Player"
                  required
                  data={optionsFor(row)}
                  value={row.userId}
                  onChange={(e) => update(row.key, { userId: e.currentTarget.value })}
                  error={errors.players[row.key]}
                />
                <Group grow align="end" gap="xs" wrap="nowrap">
                  <NumberInput
                    label="Goals"
                    min={0}
                    max={MAX_SCORE}
                    allowNegative={false}
                    allowDecimal={false}
                    value={row.goals}
                    onChange={(value) => update(row.key, { goals: value })}
                  />
                  <NumberInput
                    label="Assists"
                    min={0}
                    max={MAX_SCORE}
                    allowNegative={false}
                    allowDecimal={false}
                    value={row.assists}
                    onChange={(value) => update(row.key, { assists: value })}
                  />
                  <Button
                    variant="default"
                    color="red"
                    onClick={() => setRows((current) => current.filter((r) => r.key !== row.key))}
                    aria-label={`Remove scorer ${index + 1}`}
                  >
                    Remove
                  </Button>
                </Group>
              </Stack>
            </Fieldset>
          ))}
          {errors.goals && (
            <Text size="sm" c="red.9" role="alert">
              {errors.goals}
            </Text>
          )}
          <Button
            variant="light"
            style={{ alignSelf: 'start' }}
            onClick={() => {
              setRows((current) => [...current, { key: keys, userId: '', goals: 0, assists: 0 }]);
              setKeys((k) => k + 1);
            }}
          >
            Add Scorer
          </Button>
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save Result
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
