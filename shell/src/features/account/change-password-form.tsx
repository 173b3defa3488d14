/**
 * Current, new and confirm password with show/hide toggles and the live checklist (reference §5
 * "Password change"). Used on /profile and as the step after a first sign-in with a temporary
 * password; submit stays disabled until every field is valid, and the contract's schema checks
 * the request before it is sent.
 */
import { Button, PasswordInput, Stack } from '@mantine/core';
import { userMessage } from '@teamapp/api-client';
import {
  changePasswordSchema,
  isStrongPassword,
  NEW_PASSWORD_WEAK,
  PASSWORD_CHANGED,
} from '@teamapp/contracts';
import { useApiForm, useRequest } from '@teamapp/ui';
import { NewPasswordFields } from '../../components/password-checklist';
import { changePassword } from './account-api';

const INLINE_MISMATCH = 'Passwords do not match';
const CHANGE_FAILED = 'Failed to change password.';
const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

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
  const api = useApiForm({
    initialValues: EMPTY,
    schema: changePasswordSchema,
    submit: (input) => changePassword(request, input),
    successMessage: (res) => res.message || PASSWORD_CHANGED,
    errorMessage: (err) => userMessage(err) || CHANGE_FAILED,
    onSuccess: () => {
      api.form.setValues(EMPTY);
      onChanged?.();
    },
  });
  const { form } = api;
  const { currentPassword: current, newPassword: next, confirmPassword: confirm } = form.values;

  const strong = isStrongPassword(next);
  const matches = next === confirm;
  const complete = current.length > 0 && next.length > 0 && confirm.length > 0;
  const canSubmit = complete && strong && matches && !api.pending;

  return (
    <form onSubmit={api.onSubmit} noValidate>
      <Stack gap="md">
        {api.errorRegion()}
        {api.successRegion()}
        <PasswordInput
          label={currentLabel}
          autoComplete="current-password"
          required
          {...form.getInputProps('currentPassword')}
        />
        <NewPasswordFields
          form={form}
          password={next}
          confirmLabel="Confirm New Password"
          newError={next.length > 0 && !strong ? NEW_PASSWORD_WEAK : form.errors.newPassword}
          confirmError={
            confirm.length > 0 && !matches ? INLINE_MISMATCH : form.errors.confirmPassword
          }
        />
        <Button
          type="submit"
          disabled={!canSubmit}
          loading={api.pending}
          style={{ alignSelf: 'start' }}
        >
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
