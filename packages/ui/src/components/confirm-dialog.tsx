/** A small yes/no dialog before a destructive action; the confirm button takes the focus. */
import type { ReactNode } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  message: string;
  onConfirm: () => void;
  onCancel: () => void;
  confirmLabel?: string;
  /** Shows progress on the confirm button while the action runs. */
  busy?: boolean;
  /** Choices that go with the question (e.g. which events of a series). */
  children?: ReactNode;
}

export function ConfirmDialog({
  opened,
  title,
  message,
  onConfirm,
  onCancel,
  confirmLabel = 'Confirm',
  busy = false,
  children,
}: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <Text mb="lg">{message}</Text>
      {children}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button color="red" onClick={onConfirm} loading={busy} data-autofocus>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
