/**
 * The live requirement checklist under a new-password field (reference §5 New password), shared by the
 * reset page, the first-sign-in step and the profile's password change. Each rule says met or not
 * in words as well as by its mark, so the state never rests on colour alone.
 */
import type { ReactNode } from 'react';
import { List, PasswordInput, VisuallyHidden } from '@mantine/core';
import { PASSWORD_RULES } from '@teamapp/contracts';

export function PasswordChecklist({ password }: { password: string }) {
  return (
    <List size="sm" spacing={2} aria-label="Password requirements" listStyleType="none">
      {PASSWORD_RULES.map((rule) => {
        const ok = rule.test(password);
        return (
          <List.Item key={rule.id} c={ok ? 'green.9' : 'dimmed'}>
            <span aria-hidden="true">{ok ? '✓' : '○'}</span> {rule.label}
            <VisuallyHidden>{ok ? ' (met)' : ' (not met yet)'}</VisuallyHidden>
          </List.Item>
        );
      })}
    </List>
  );
}

/**
 * A new password with the checklist under it, then its confirmation. The errors are the page's:
 * while the password is too weak or the two differ, its own words; else the server's advice
 * (e.g. too common), which stays until the field is edited.
 */
export function NewPasswordFields({
  form,
  password,
  confirmLabel,
  newError,
  confirmError,
}: {
  form: { getInputProps(path: string): object };
  password: string;
  confirmLabel: string;
  newError: ReactNode;
  confirmError: ReactNode;
}) {
  const input = (label: string, field: string, error: ReactNode) => (
    <PasswordInput
      label={label}
      autoComplete="new-password"
      required
      {...form.getInputProps(field)}
      error={error}
    />
  );
  return (
    <>
      {input('New Password', 'newPassword', newError)}
      <PasswordChecklist password={password} />
      {input(confirmLabel, 'confirmPassword', confirmError)}
    </>
  );
}
