/**
 * "Record Result" / "Edit Result" for a game that has started (admins): our score, their
 * score, and a row per player who scored or assisted, picked from the game's attendees (those who
 * said Going first). Checked before sending with the result's schema (the server's), in the
 * dialog's words: both scores whole numbers from 0 to 99, a player on every row, and our players'
 * goals no more than our score. Saving again replaces the result.
 */
import { useRef } from 'react';
import {
  Button,
  Fieldset,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  type NumberInputProps,
  Stack,
  Text,
} from '@mantine/core';
import { errorText } from '@teamapp/api-client';
import {
  gameResultInputSchema,
  RESULT_TOO_MANY_GOALS,
  type ClubEvent,
  type GameResultInput,
} from '@teamapp/contracts';
import { ApiFormStack, FormActions, type FormIssue, requestSchema, useApiForm } from '@teamapp/ui';
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
interface ResultFormValues {
  ours: Count;
  theirs: Count;
  scorers: Row[];
}

/** An emptied goals or assists field counts as none. */
const asCount = (value: Count) => (typeof value === 'number' ? value : 0);

/** The request for the form's values: every row, an empty score left for the schema to refuse. */
const resultInputOf = (values: ResultFormValues) =>
  ({
    ours: values.ours,
    theirs: values.theirs,
    scorers: values.scorers.map((r) => ({
      userId: r.userId,
      goals: asCount(r.goals),
      assists: asCount(r.assists),
    })),
  }) as GameResultInput;

const resultFormSchema = requestSchema(gameResultInputSchema, resultInputOf);

/** The dialog's wording of what the result's schema refused, per field. */
/** A score, a player's goals or assists: a whole number from 0 to MAX_SCORE. */
function CountInput(props: NumberInputProps) {
  return (
    <NumberInput min={0} max={MAX_SCORE} allowNegative={false} allowDecimal={false} {...props} />
  );
}

function describeResultIssue(issue: FormIssue): string {
  if (issue.path === 'ours') return `Enter our score, a whole number from 0 to ${MAX_SCORE}`;
  if (issue.path === 'theirs') return `Enter their score, a whole number from 0 to ${MAX_SCORE}`;
  if (/^scorers\.\d+\.userId$/.test(issue.path)) return 'Choose the player who scored or assisted';
  if (issue.path === 'scorers' && issue.message === RESULT_TOO_MANY_GOALS) return TOO_MANY_GOALS;
  return issue.message;
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
  const nextKey = useRef(existing?.scorers.length ?? 0);
  const api = useApiForm({
    initialValues: {
      ours: existing?.ours ?? '',
      theirs: existing?.theirs ?? '',
      scorers: (existing?.scorers ?? []).map((s, key) => ({ key, ...s })),
    } as ResultFormValues,
    schema: resultFormSchema,
    describeIssue: describeResultIssue,
    // Rows naming a player who neither scored nor assisted are left out.
    submit: (result) =>
      save.mutateAsync({
        eventId: event.id,
        result: { ...result, scorers: result.scorers.filter((s) => s.goals > 0 || s.assists > 0) },
      }),
    errorMessage: (err) => errorText(err, SAVE_RESULT_FAILED),
    onSuccess: (res) => onSaved(res.message),
  });
  const { form } = api;
  const rows = form.values.scorers;

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

  const title = `${existing ? 'Edit Result' : 'Record Result'}: ${event.title}`;
  return (
    <Modal opened onClose={onClose} title={title} centered size="lg">
      <ApiFormStack api={api}>
        <Group grow align="start" gap="sm">
          <CountInput label="Our score" required {...form.getInputProps('ours')} data-autofocus />
          <CountInput label="Their score" required {...form.getInputProps('theirs')} />
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
                {...form.getInputProps(`scorers.${index}.userId`)}
              />
              <Group grow align="end" gap="xs" wrap="nowrap">
                <CountInput label="Goals" {...form.getInputProps(`scorers.${index}.goals`)} />
                <CountInput label="Assists" {...form.getInputProps(`scorers.${index}.assists`)} />
                <Button
                  variant="default"
                  color="red"
                  onClick={() => form.removeListItem('scorers', index)}
                  aria-label={`Remove scorer ${index + 1}`}
                >
                  Remove
                </Button>
              </Group>
            </Stack>
          </Fieldset>
        ))}
        {form.errors.scorers && (
          <Text size="sm" c="red.9" role="alert">
            {form.errors.scorers}
          </Text>
        )}
        <Button
          variant="light"
          style={{ alignSelf: 'start' }}
          onClick={() =>
            form.insertListItem('scorers', {
              key: nextKey.current++,
              userId: '',
              goals: 0,
              assists: 0,
            })
          }
        >
          Add Scorer
        </Button>
        <FormActions mt="sm" onCancel={onClose} loading={api.pending} submit="Save Result" />
      </ApiFormStack>
    </Modal>
  );
}
