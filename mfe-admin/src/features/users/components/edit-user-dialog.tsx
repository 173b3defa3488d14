/**
 * The Edit user dialog (reference §5 Edit user): name and email are required, the role is selectable.
 * The server's refusal (own role, last administrator, email taken) shows in the dialog.
 */
import { useState } from 'react';
import { Modal } from '@mantine/core';
import { CANNOT_DEMOTE_SELF, updateProfileSchema, type User } from '@teamapp/contracts';
import { errorText } from '@teamapp/api-client';
import { ApiFormStack, FormActions, useApiForm } from '@teamapp/ui';
import type { UserRow } from '../api/get-users';
import {
  describeEditIssue,
  profileChangeOf,
  useUpdateUser,
  type EditUserFormValues,
} from '../api/update-user';
import { EmailField, NameField, RoleField } from '../../../components/person-fields';

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
  const update = useUpdateUser();
  const api = useApiForm({
    initialValues: before,
    schema: updateProfileSchema,
    describeIssue: describeEditIssue,
    submit: (data, values) =>
      update.mutateAsync({ id: user.id, input: profileChangeOf(data, values, before) }),
    errorMessage: (err) => errorText(err, 'Failed to update user'),
    onSuccess: onSaved,
  });

  return (
    <Modal opened={opened} onClose={onClose} title={`Edit ${user.name}`} centered>
      <ApiFormStack api={api}>
        <NameField form={api.form} id="edit-user-name" data-autofocus />
        <EmailField form={api.form} id="edit-user-email" />
        <RoleField
          form={api.form}
          id="edit-user-role"
          disabled={isSelf}
          description={isSelf ? CANNOT_DEMOTE_SELF : undefined}
        />
        <FormActions
          gap="sm"
          onCancel={onClose}
          disabled={api.pending}
          submit={api.pending ? 'Saving...' : 'Save Changes'}
        />
      </ApiFormStack>
    </Modal>
  );
}
