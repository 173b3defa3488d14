/**
 * The frame of a form calling the API (ApiFormStack) and its closing row (FormActions).
 */
import type { FormEvent, ReactNode } from 'react';
import { Button, Group, Stack, type GroupProps } from '@mantine/core';

/**
 * A form's closing row: Cancel, then its submit button, at the end of the line. `disabled` and
 * `loading` are the submit button's; the rest places the row (`gap`, `mt`).
 */
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

/**
 * The body of a form calling the API: a `<form>` submitting with `api.onSubmit` (or `onSubmit`),
 * then in one column the form's error region and `children` (its fields and FormActions).
 */
export function ApiFormStack({
  api,
  onSubmit,
  children,
}: {
  api: { onSubmit: (event?: FormEvent) => void; errorRegion: () => ReactNode };
  onSubmit?: (event: FormEvent) => void;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit ?? api.onSubmit} noValidate>
      <Stack gap="sm">
        {api.errorRegion()}
        {children}
      </Stack>
    </form>
  );
}
