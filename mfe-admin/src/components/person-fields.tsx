/**
 * The fields the admin's people dialogs share (invite, add a young player, edit a user, a child's
 * guardians): a name, an email and a role, each labelled, tied to its form value and, being
 * someone else's details, never filled in by the browser from the admin's own.
 */
import {
  NativeSelect,
  TextInput,
  type NativeSelectProps,
  type TextInputProps,
} from '@mantine/core';
import { ROLES } from '@teamapp/contracts';
import { roleLabel } from '@teamapp/ui';

export const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: roleLabel(role) }));

interface FieldOf {
  /** The dialog's form (Mantine's useForm). */
  form: { getInputProps(path: string): object };
  id: string;
}

/** A name, required unless told: `name` as "Name" unless told another value and label. */
export function NameField({
  form,
  field = 'name',
  label = 'Name',
  ...rest
}: FieldOf & { field?: string; label?: string } & Omit<TextInputProps, 'form'>) {
  return (
    <TextInput label={label} required autoComplete="off" {...form.getInputProps(field)} {...rest} />
  );
}

export function EmailField({ form, ...rest }: FieldOf & Omit<TextInputProps, 'form'>) {
  return (
    <TextInput
      label="Email"
      type="email"
      required
      autoComplete="off"
      {...form.getInputProps('email')}
      {...rest}
    />
  );
}

export function RoleField({ form, ...rest }: FieldOf & Omit<NativeSelectProps, 'data' | 'form'>) {
  return (
    <NativeSelect label="Role" data={ROLE_OPTIONS} {...form.getInputProps('role')} {...rest} />
  );
}
