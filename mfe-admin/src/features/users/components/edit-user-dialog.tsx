/**
 * The Edit user dialog (reference §5 Edit user): name and email are required, the role is selectable.
 * The server's refusal (own role, last administrator, email taken) shows in the dialog.
 */
import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, NativeSelect, Stack, TextInput } from '@mantine/core';
import { CANNOT_DEMOTE_SELF, type User } from '@teamapp/contracts';
import { errorText } from '@teamapp/api-client';
import { LiveRegion } from '@teamapp/ui';
import type { FieldErrors } from '../api/form-check';
import type { UserRow } from '../api/get-users';
import { checkEditUser, useUpdateUser, type EditUserFormValues } from '../api/update-user';
import { ROLE_OPTIONS } from './invite-user-dialog';

type Field = keyof EditUserFormValues;

/** Mount with a new `key` per opening, so the form starts from the user's current values. */
export function EditUserDialog({
  user,
  opened,
  isSelf,
  onClose,
  onSaved,
}: {
  user: UserRow;
  opened: boolean;
  isSelf: boolean;
  onClose: () => void;
  /** With the user as the server saved it. */
  onSaved: (saved: User) => void;
}) {
  const [before] = useState<EditUserFormValues>(() => ({
    name: user.name,
    email: user.email,
    role: user.role,
  }));
  const [values, setValues] = useState(before);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const update = useUpdateUser();

  const set = (patch: Partial<EditUserFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const key of Object.keys(patch) as Field[]) delete next[key];
      return next;
    });
  };

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (update.isPending) return;
    const check = checkEditUser(values, before);
    if (!check.ok) {
      setErrors(check.errors);
      document.getElementById(`edit-user-${check.first}`)?.focus();
      return;
    }
    setErrors({});
    update.mutate({ id: user.id, input: check.data }, { onSuccess: onSaved });
  }

  const failure = update.isError ? errorText(update.error, 'Failed to update user') : null;

  return (
    <Modal opened={opened} onClose={onClose} title={`Edit ${user.name}`} centered>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <LiveRegion urgent>{failure && <Alert color="red">{failure}</Alert>}</LiveRegion>
          <TextInput
            id="edit-user-name"
            label="Name"
            required
            value={values.name}
            error={errors.name}
            onChange={(e) => set({ name: e.currentTarget.value })}
            data-autofocus
          />
          <TextInput
            id="edit-user-email"
            label="Email"
            type="email"
            required
            value={values.email}
            error={errors.email}
            onChange={(e) => set({ email: e.currentTarget.value })}
          />
          <NativeSelect
            id="edit-user-role"
            label="Role"
            data={ROLE_OPTIONS}
            value={values.role}
            disabled={isSelf}
            description={isSelf ? CANNOT_DEMOTE_SELF : undefined}
            onChange={(e) => set({ role: e.currentTarget.value as EditUserFormValues['role'] })}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Saving...' : 'Save Changes'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
