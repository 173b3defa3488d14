/**
 * A small yes/no dialog before a destructive action; the confirm button takes the focus. It is
 * the app's one confirmation, shown by the modals manager AppProviders mounts (so a remote's
 * confirmation is the same dialog in the shell and standalone); the page keeps it declarative:
 * `opened` shows it, and it follows the page's props while open (progress, choices).
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';

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
  const modalId = `confirm-${useId()}`;
  const handlers = useRef({ onConfirm, onCancel });
  handlers.current = { onConfirm, onCancel };
  // Closed because `opened` went false: the page knows already, so no second onCancel.
  const closingFromProps = useRef(false);

  const props = {
    title,
    centered: true,
    children: (
      <>
        <Text mb={children ? 'md' : undefined}>{message}</Text>
        {children}
      </>
    ),
    labels: { confirm: confirmLabel, cancel: 'Cancel' },
    confirmProps: { color: 'red', loading: busy, 'data-autofocus': true },
  };

  useEffect(() => {
    if (!opened) return;
    modals.openConfirmModal({
      modalId,
      ...props,
      // The page closes the dialog by its `opened`, whichever way the member answered.
      closeOnConfirm: false,
      closeOnCancel: false,
      onConfirm: () => handlers.current.onConfirm(),
      onCancel: () => handlers.current.onCancel(),
      // Escape, the close button or a click outside.
      onClose: () => {
        if (!closingFromProps.current) handlers.current.onCancel();
      },
    });
    return () => {
      closingFromProps.current = true;
      modals.close(modalId);
      closingFromProps.current = false;
    };
    // Opens and closes with `opened`; the effect below keeps the content current.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, modalId]);

  useEffect(() => {
    if (opened) modals.updateModal({ modalId, ...props });
  });

  return null;
}
