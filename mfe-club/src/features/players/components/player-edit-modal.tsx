/**
 * The player form (reference §5): an admin edits every field of any card (and sees the player's Season
 * Stats, which come from recorded games, read-only); a member edits only their own phone, bio and
 * nickname, with name and email shown read-only. Only changed fields are sent; when nothing
 * changed the dialog just closes. A player without a login (docs/reference.md "Families") has no
 * Email field. Built with useApiForm: the contract's profile schema checks the
 * changes about to be sent, as the server will.
 */
import { useState } from 'react';
import { Modal, Textarea, TextInput } from '@mantine/core';
import { errorText } from '@teamapp/api-client';
import { ApiFormStack, FormActions, requestSchema, useApiForm } from '@teamapp/ui';
import { updateOwnProfileSchema, updateProfileSchema, type User } from '@teamapp/contracts';
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
  const [initial] = useState(() => formValuesOf(player));
  const save = useSavePlayer();
  const api = useApiForm({
    initialValues: initial,
    // Only the changed fields are sent (nothing at all when none changed), and checked.
    schema: requestSchema(
      asAdmin ? updateProfileSchema : updateOwnProfileSchema,
      (values: PlayerFormValues) => {
        const changes = changedFields(initial, values, asAdmin);
        return Object.keys(changes).length === 0 ? undefined : changes;
      },
    ),
    submit: async (_data, values) => {
      const changes = changedFields(initial, values, asAdmin);
      if (Object.keys(changes).length === 0) return null;
      const res = await save.mutateAsync({ id: asAdmin ? player.id : null, changes });
      return res.data;
    },
    errorMessage: (err) => errorText(err, UPDATE_FAILED),
    onSuccess: (user, values) => {
      if (!user) onClose();
      else onSaved(`${values.name.trim() || player.name}'s profile was updated.`, user);
    },
  });
  const { form } = api;
  // Reference §5: an admin saves only with a name and an email. A young player without a login
  // has no address to keep (a club admin gives one with "Give own login" on their card).
  const blankRequired =
    asAdmin && (!form.values.name.trim() || (player.hasLogin && !form.values.email.trim()));

  return (
    <Modal opened onClose={onClose} title={`Edit ${player.name}`} centered>
      <ApiFormStack api={api}>
        <TextInput
          label="Name"
          required={asAdmin}
          readOnly={!asAdmin}
          description={asAdmin ? undefined : NAME_HINT}
          {...form.getInputProps('name')}
          data-autofocus={asAdmin || undefined}
        />
        {player.hasLogin && (
          <TextInput
            label="Email"
            type="email"
            required={asAdmin}
            readOnly={!asAdmin}
            description={asAdmin ? undefined : EMAIL_HINT}
            {...form.getInputProps('email')}
          />
        )}
        <TextInput
          label="Phone"
          type="tel"
          {...form.getInputProps('phone')}
          data-autofocus={!asAdmin || undefined}
        />
        {asAdmin && <TextInput label="Position" {...form.getInputProps('position')} />}
        <TextInput label="Nickname" {...form.getInputProps('nickname')} />
        <Textarea label="Bio" autosize minRows={2} {...form.getInputProps('bio')} />
        {stats !== undefined && <SeasonFigures stats={stats} placeholder={statsPlaceholder} />}
        {asAdmin && (
          <Textarea
            label="Coach Notes"
            autosize
            minRows={2}
            {...form.getInputProps('coach_notes')}
          />
        )}
        <FormActions
          mt="sm"
          onCancel={onClose}
          disabled={blankRequired}
          loading={api.pending}
          submit="Save Changes"
        />
      </ApiFormStack>
    </Modal>
  );
}
