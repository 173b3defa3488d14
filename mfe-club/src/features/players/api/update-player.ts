/**
 * Saving a player card (reference §5 Player form): an admin changes any card through
 * PUT /user/profile/{id}; a member changes their own phone, bio and nickname through
 * PUT /user/profile. Only changed fields are sent, and nothing at all when nothing changed.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiRequest } from '@teamapp/api-client';
import { SELF_EDITABLE_FIELDS, type User } from '@teamapp/contracts';
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

/** The fields this editor may send that differ from what the card had; {} when none. */
export function changedFields(
  before: PlayerFormValues,
  after: PlayerFormValues,
  asAdmin: boolean,
): Partial<Record<keyof PlayerFormValues, string | null>> {
  const allowed: readonly (keyof PlayerFormValues)[] = asAdmin
    ? ADMIN_FIELDS
    : SELF_EDITABLE_FIELDS;
  const changes: Partial<Record<keyof PlayerFormValues, string | null>> = {};
  for (const field of allowed) {
    const next = after[field].trim();
    if (next === before[field].trim()) continue;
    // Name and email cannot be blank; any other field left empty is cleared.
    changes[field] = next === '' && field !== 'name' && field !== 'email' ? null : next;
  }
  return changes;
}

export const savePlayer = (
  request: ApiRequest,
  id: string | null,
  changes: Partial<Record<keyof PlayerFormValues, string | null>>,
) =>
  request<{ success: true; data: User }>(
    'PUT',
    id ? `/user/profile/${encodeURIComponent(id)}` : '/user/profile',
    changes,
  );

export function useSavePlayer() {
  const request = useRequest();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      changes,
    }: {
      id: string | null;
      changes: Partial<Record<keyof PlayerFormValues, string | null>>;
    }) => savePlayer(request, id, changes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: playersQueryKey }),
  });
}
