/**
 * The live requirement checklist under a new-password field (reference §5 New password), shared by the
 * reset page, the first-sign-in step and the profile's password change. Each rule says met or not
 * in words as well as by its mark, so the state never rests on colour alone.
 */
import { List, VisuallyHidden } from '@mantine/core';
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
