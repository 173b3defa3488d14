/**
 * Asks before removing a user, with reference §5's confirmation text; the server's refusal shows in
 * the dialog.
 */
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { errorText } from '@teamapp/api-client';
import { LiveRegion } from '@teamapp/ui';
import { DELETE_USER_CONFIRMATION, useDeleteUser } from '../api/delete-user';
import type { UserRow } from '../api/get-users';

/** Mount with a new `key` per opening, so an earlier failure does not carry over. */
export function DeleteUserDialog({
  user,
  opened,
  onClose,
  onDeleted,
  onClosedAfterDelete,
}: {
  user: UserRow;
  opened: boolean;
  onClose: () => void;
  onDeleted: (user: UserRow) => void;
  /** After the dialog has gone, when it removed the user (their row is gone too). */
  onClosedAfterDelete: () => void;
}) {
  const remove = useDeleteUser();
  const failure = remove.isError ? errorText(remove.error, 'Failed to delete user') : null;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`Delete ${user.name}`}
      centered
      returnFocus={!remove.isSuccess}
      onExitTransitionEnd={() => {
        if (remove.isSuccess) onClosedAfterDelete();
      }}
    >
      <Stack gap="md">
        <Text>{DELETE_USER_CONFIRMATION}</Text>
        <LiveRegion urgent>{failure && <Alert color="red">{failure}</Alert>}</LiveRegion>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <Button
            color="red"
            disabled={remove.isPending}
            onClick={() => remove.mutate(user.id, { onSuccess: () => onDeleted(user) })}
          >
            {remove.isPending ? 'Deleting...' : 'Delete User'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
