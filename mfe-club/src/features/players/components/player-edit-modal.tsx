/**
 * The player form (reference §5): an admin edits every field of any card (and sees the player's Season
 * Stats, which come from recorded games, read-only); a member edits only their own phone, bio and
 * nickname, with name and email shown read-only. Only changed fields are sent; when nothing
 * changed the dialog just closes.
 */
import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { errorText } from '@teamapp/api-client';
import { LiveRegion } from '@teamapp/ui';
import type { User } from '@teamapp/contracts';
import type { PlayerCard } from '../api/get-players';
import type { PlayerStats } from '../api/season-stats';
import { SeasonFigures } from './player-card';
import {
  changedFields,
  formValuesOf,
  useSavePlayer,
  type PlayerFormValues,
} from '../api/update-player';

export const UPDATE_FAILED = 'Failed to update profile';
const NAME_HINT = 'Contact an admin to change your name';
const EMAIL_HINT = 'Contact an admin to change your email';

interface Props {
  player: PlayerCard;
  asAdmin: boolean;
  /** Admins: the player's season figures (null while they load); undefined hides them. */
  stats?: PlayerStats | null;
  statsPlaceholder?: string;
  onClose: () => void;
  /** After the server accepted the change: a message and the user as it now is. */
  onSaved: (message: string, user: User) => void;
}

export function PlayerEditModal(props: Props) {
  const { player, asAdmin, stats, statsPlaceholder, onClose, onSaved } = props;
  const initial = formValuesOf(player);
  const [values, setValues] = useState<PlayerFormValues>(initial);
  const [error, setError] = useState<string | null>(null);
  const save = useSavePlayer();

  const set = (field: keyof PlayerFormValues) => (value: string) =>
    setValues((v) => ({ ...v, [field]: value }));
  const canSubmit = !asAdmin || (values.name.trim() !== '' && values.email.trim() !== '');

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit) return;
    const changes = changedFields(initial, values, asAdmin);
    if (Object.keys(changes).length === 0) return onClose();
    setError(null);
    try {
      const res = await save.mutateAsync({ id: asAdmin ? player.id : null, changes });
      onSaved(`${values.name.trim() || player.name}'s profile was updated.`, res.data);
    } catch (err) {
      setError(errorText(err, UPDATE_FAILED));
    }
  }

  return (
    <Modal opened onClose={onClose} title={`Edit ${player.name}`} centered>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <LiveRegion urgent>{error && <Alert color="red">{error}</Alert>}</LiveRegion>
          <TextInput
            label="Name"
            required={asAdmin}
            readOnly={!asAdmin}
            description={asAdmin ? undefined : NAME_HINT}
            value={values.name}
            onChange={(e) => set('name')(e.currentTarget.value)}
            data-autofocus={asAdmin || undefined}
          />
          <TextInput
            label="Email"
            type="email"
            required={asAdmin}
            readOnly={!asAdmin}
            description={asAdmin ? undefined : EMAIL_HINT}
            value={values.email}
            onChange={(e) => set('email')(e.currentTarget.value)}
          />
          <TextInput
            label="Phone"
            type="tel"
            value={values.phone}
            onChange={(e) => set('phone')(e.currentTarget.value)}
            data-autofocus={!asAdmin || undefined}
          />
          {asAdmin && (
            <TextInput
              label="Position"
              value={values.position}
              onChange={(e) => set('position')(e.currentTarget.value)}
            />
          )}
          <TextInput
            label="Nickname"
            value={values.nickname}
            onChange={(e) => set('nickname')(e.currentTarget.value)}
          />
          <Textarea
            label="Bio"
            autosize
            minRows={2}
            value={values.bio}
            onChange={(e) => set('bio')(e.currentTarget.value)}
          />
          {stats !== undefined && (
            <Box>
              <Text component="h3" fw={600} size="sm" mb={4}>
                Season Stats
              </Text>
              <SeasonFigures stats={stats} placeholder={statsPlaceholder} />
            </Box>
          )}
          {asAdmin && (
            <Textarea
              label="Coach Notes"
              autosize
              minRows={2}
              value={values.coach_notes}
              onChange={(e) => set('coach_notes')(e.currentTarget.value)}
            />
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!canSubmit} loading={save.isPending}>
              Save Changes
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
