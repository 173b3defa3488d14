/**
 * Saving a player card (reference §5 Player form): an admin changes any card through
 * PUT /user/profile/{id}; a member changes their own phone, bio and nickname through
 * PUT /user/profile. Only changed fields are sent, and nothing at all when nothing changed.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, type ApiRequest } from '@teamapp/api-client';
import { peopleEndpoints, SELF_EDITABLE_FIELDS, type UpdateProfileInput } from '@teamapp/contracts';
import { useRequest } from '@teamapp/ui';
import { playersQueryKey, type PlayerCard } from './get-players';

/** The form's fields, as text (an empty field clears the value). */
export interface PlayerFormValues {
  name: string;
  email: string;
  phone: string;
  position: string;
  bio: string;
  nickname: string;
  coach_notes: string;
}

export const ADMIN_FIELDS = [
  'name',
  'email',
  'phone',
  'position',
  'bio',
  'nickname',
  'coach_notes',
] as const satisfies readonly (keyof PlayerFormValues)[];

export function formValuesOf(player: PlayerCard): PlayerFormValues {
  return {
    name: player.name,
    email: player.email,
    phone: player.phone ?? '',
    position: player.position ?? '',
    bio: player.bio ?? '',
    nickname: player.nickname ?? '',
    coach_notes: player.coachNotes ?? '',
  };
}

/** What a save sends: the changed fields of the form, an emptied one as null. */
export type PlayerChanges = Pick<UpdateProfileInput, keyof PlayerFormValues>;

/** The fields this editor may send that differ from what the card had; {} when none. */
export function changedFields(
  before: PlayerFormValues,
  after: PlayerFormValues,
  asAdmin: boolean,
): PlayerChanges {
  const allowed: readonly (keyof PlayerFormValues)[] = asAdmin
    ? ADMIN_FIELDS
    : SELF_EDITABLE_FIELDS;
  const changes: PlayerChanges = {};
  for (const field of allowed) {
    const next = after[field].trim();
    if (next === before[field].trim()) continue;
    // Name and email cannot be blank; any other field left empty is cleared.
    if (field === 'name' || field === 'email') changes[field] = next;
    else changes[field] = next === '' ? null : next;
  }
  return changes;
}

/**
 * An admin's save goes to the card's own endpoint, a member's to their own profile; the server
 * refuses a member's change to anything but phone, bio and nickname.
 */
export const savePlayer = (request: ApiRequest, id: string | null, changes: PlayerChanges) =>
  id
    ? call(request, peopleEndpoints.updateProfile, { params: { id }, body: changes })
    : call(request, peopleEndpoints.updateOwnProfile, { body: changes });

export function useSavePlayer() {
  const request = useRequest();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string | null; changes: PlayerChanges }) =>
      savePlayer(request, id, changes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: playersQueryKey }),
  });
}
