/**
 * Current, new and confirm password with show/hide toggles and the live checklist (reference §5
 * "Password change"). Used on /profile and as the step after a first sign-in with a temporary
 * password; submit stays disabled until every field is valid.
 */
import { useState, type FormEvent } from 'react';
import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { errorHint, userMessage } from '@teamapp/api-client';
import {
  isStrongPassword,
  NEW_PASSWORD_WEAK,
  NEW_PASSWORDS_DIFFER,
  PASSWORD_CHANGED,
  PASSWORD_FIELDS_REQUIRED,
} from '@teamapp/contracts';
import { LiveRegion, useRequest } from '@teamapp/ui';
import { PasswordChecklist } from '../../components/password-checklist';
import { changePassword } from './account-api';

const INLINE_MISMATCH = 'Passwords do not match';
const CHANGE_FAILED = 'Failed to change password.';

interface Props {
  currentLabel?: string;
  submitLabel?: string;
  /** Called after the server accepted the new password. */
  onChanged?: () => void;
}

export function ChangePasswordForm({
  currentLabel = 'Current Password',
  submitLabel = 'Change Password',
  onChanged,
}: Props) {
  const request = useRequest();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** The server's advice on the new password (e.g. too common), until it is edited. */
  const [hint, setHint] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  const strong = isStrongPassword(next);
  const matches = next === confirm;
  const complete = current.length > 0 && next.length > 0 && confirm.length > 0;
  const canSubmit = complete && strong && matches && !busy;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSuccess(null);
    if (!complete) return setError(PASSWORD_FIELDS_REQUIRED);
    if (!strong) return setError(NEW_PASSWORD_WEAK);
    if (!matches) return setError(NEW_PASSWORDS_DIFFER);
    setBusy(true);
    setError(null);
    try {
      const res = await changePassword(request, {
        currentPassword: current,
        newPassword: next,
        confirmPassword: confirm,
      });
      setCurrent('');
      setNext('');
      setConfirm('');
      setSuccess(res.message || PASSWORD_CHANGED);
      onChanged?.();
    } catch (err) {
      setError(userMessage(err) || CHANGE_FAILED);
      setHint(errorHint(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <LiveRegion urgent>{error && <Alert color="red">{error}</Alert>}</LiveRegion>
        <LiveRegion>{success && <Alert color="green">{success}</Alert>}</LiveRegion>
        <PasswordInput
          label={currentLabel}
          autoComplete="current-password"
          required
          value={current}
          onChange={(e) => setCurrent(e.currentTarget.value)}
        />
        <PasswordInput
          label="New Password"
          autoComplete="new-password"
          required
          value={next}
          onChange={(e) => {
            setNext(e.currentTarget.value);
            setHint(null);
          }}
          error={next.length > 0 && !strong ? NEW_PASSWORD_WEAK : (hint ?? undefined)}
        />
        <PasswordChecklist password={next} />
        <PasswordInput
          label="Confirm New Password"
          autoComplete="new-password"
          required
          value={confirm}
          onChange={(e) => setConfirm(e.currentTarget.value)}
          error={confirm.length > 0 && !matches ? INLINE_MISMATCH : undefined}
        />
        <Button type="submit" disabled={!canSubmit} loading={busy} style={{ alignSelf: 'start' }}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
