/**
 * A form's closing row: Cancel, then its submit button, at the end of the line. `disabled` and
 * `loading` are the submit button's; the rest places the row (`gap`, `mt`).
 */
import type { ReactNode } from 'react';
import { Button, Group, type GroupProps } from '@mantine/core';

export interface FormActionsProps extends Omit<GroupProps, 'children'> {
  onCancel: () => void;
  /** The submit button's text. */
  submit: ReactNode;
  disabled?: boolean;
  loading?: boolean;
}

export function FormActions({ onCancel, submit, disabled, loading, ...row }: FormActionsProps) {
  return (
    <Group justify="flex-end" {...row}>
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={disabled} loading={loading}>
        {submit}
      </Button>
    </Group>
  );
}
