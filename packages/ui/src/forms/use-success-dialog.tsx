/**
 * A dialog around a `useApiForm` form that, once the call succeeded, shows its success message
 * and a Close button in place of the form (focus moves to Close), then closes itself after the
 * reference's 3 s (SUCCESS_AUTO_HIDE_MS). Closing, by any way, clears the form, so it starts empty
 * the next time it opens. `SuccessDialogModal` is that dialog around the form's fields.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { Button, Group, Modal } from '@mantine/core';
import { ApiFormStack } from './form-actions';
import { SUCCESS_AUTO_HIDE_MS } from '@teamapp/contracts';
import { useApiForm, type ApiForm, type ApiFormOptions, type FormValues } from './use-api-form';

export interface SuccessDialogOptions<
  Values extends FormValues,
  Output,
  Result,
> extends ApiFormOptions<Values, Output, Result> {
  /** The dialog's own close (the caller's state); called after the form is cleared. */
  onClose: () => void;
  /** What else to clear on closing, e.g. the mutation's state. */
  onReset?: () => void;
}

export interface SuccessDialog<Values extends FormValues> extends ApiForm<Values> {
  /** The call succeeded: the dialog shows `closeRegion()` instead of its form. */
  done: boolean;
  /** Clears the form and closes (Cancel, Close, Escape, and the timer). */
  close: () => void;
  /** The Close button shown once done; it receives focus. */
  closeRegion: () => ReactNode;
}

export function useSuccessDialog<Values extends FormValues, Output = Values, Result = unknown>(
  options: SuccessDialogOptions<Values, Output, Result>,
): SuccessDialog<Values> {
  const timer = useRef<number | undefined>(undefined);
  const closeButton = useRef<HTMLButtonElement>(null);
  const api = useApiForm({
    ...options,
    onSuccess: (result, values) => {
      timer.current = window.setTimeout(close, SUCCESS_AUTO_HIDE_MS);
      options.onSuccess?.(result, values);
    },
  });
  const done = api.success !== null;

  useEffect(() => () => window.clearTimeout(timer.current), []);
  useEffect(() => {
    if (done) closeButton.current?.focus();
  }, [done]);

  function close() {
    window.clearTimeout(timer.current);
    api.reset();
    options.onReset?.();
    options.onClose();
  }

  return {
    ...api,
    done,
    close,
    closeRegion: () => (
      <Group justify="flex-end">
        <Button ref={closeButton} variant="default" onClick={close}>
          Close
        </Button>
      </Group>
    ),
  };
}

/**
 * The dialog of a `useSuccessDialog` form: its success message, then either Close (once done) or
 * the form, its error region first and `children` (the fields and FormActions) below it.
 */
export function SuccessDialogModal<Values extends FormValues>({
  dialog,
  opened,
  title,
  children,
}: {
  dialog: SuccessDialog<Values>;
  opened: boolean;
  title: string;
  children: ReactNode;
}) {
  return (
    <Modal opened={opened} onClose={dialog.close} title={title} centered>
      {dialog.successRegion({ mb: 'md' })}
      {dialog.done ? dialog.closeRegion() : <ApiFormStack api={dialog}>{children}</ApiFormStack>}
    </Modal>
  );
}
