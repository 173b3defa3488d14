/** A small yes/no dialog for destructive settings actions. */
import { Button, Group, Modal, Text } from '@mantine/core';

export function ConfirmDialog({
  opened,
  title,
  message,
  onConfirm,
  onCancel,
}: {
  opened: boolean;
  title: string;
  message: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <Text mb="lg">{message}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button color="red" onClick={onConfirm} data-autofocus>
          Confirm
        </Button>
      </Group>
    </Modal>
  );
}
