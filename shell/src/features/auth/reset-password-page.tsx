/**
 * /reset-password (reference §2, §4 "Password reset flow", §5 New password, §8): verify the token
 * from the query string, then new + confirm password with a live checklist, then redirect.
 */
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert, Anchor, Button, Stack } from '@mantine/core';
import {
  RESET_REDIRECT_MS,
  isStrongPassword,
  passwordResetConfirmSchema,
} from '@teamapp/contracts';
import { LiveRegion, LoadingNotice, useApi, useApiForm, usePageTitle } from '@teamapp/ui';
import { NewPasswordFields } from '../../components/password-checklist';
import { resetErrorText } from './reset-errors';
import { AuthCard } from '../../components/auth-card';

const MISSING_TOKEN = 'Invalid or missing reset token. Please request a new password reset.';
const INVALID_TOKEN = 'Invalid or expired reset token. Please request a new password reset.';
const TOKEN_VERIFIED = 'Token verified. Please enter your new password below.';
const RESET_FAILED = 'Failed to reset password. Please try again.';
const RESET_DONE = 'Password reset successfully! Redirecting to login...';
const MISMATCH = 'Passwords do not match.';
const WEAK = 'Password does not meet security requirements.';

type Phase = 'validating' | 'verified' | 'invalid' | 'done';

/** The new password as the confirm call checks it (the token comes from the link). */
const newPasswordSchema = passwordResetConfirmSchema.pick({ newPassword: true });

function BackToLogin() {
  return (
    <Anchor component={Link} to="/login" ta="center">
      Back to Login
    </Anchor>
  );
}

export default function ResetPasswordPage() {
  const api = useApi();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [phase, setPhase] = useState<Phase>(token ? 'validating' : 'invalid');
  const [error, setError] = useState<string | null>(token ? null : MISSING_TOKEN);
  const reset = useApiForm({
    initialValues: { newPassword: '', confirmPassword: '' },
    schema: newPasswordSchema,
    validate: (values) =>
      values.confirmPassword === values.newPassword ? {} : { confirmPassword: MISMATCH },
    submit: (input) => api.passwordReset.confirm(token, input.newPassword),
    errorMessage: (err) => resetErrorText(err, RESET_FAILED),
    onSuccess: () => setPhase('done'),
  });
  const { newPassword: password, confirmPassword: confirm } = reset.form.values;
  usePageTitle('Reset Password');

  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    api.passwordReset
      .verify(token)
      .then(() => {
        if (!cancelled) setPhase('verified');
      })
      .catch((err: unknown) => {
        if (cancelled) return;
        setError(resetErrorText(err, INVALID_TOKEN));
        setPhase('invalid');
      });
    return () => {
      cancelled = true;
    };
  }, [api, token]);

  useEffect(() => {
    if (phase !== 'done') return;
    const timer = window.setTimeout(() => navigate('/login', { replace: true }), RESET_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [phase, navigate]);

  const strong = isStrongPassword(password);
  const matches = password === confirm;
  const canSubmit = strong && matches && confirm.length > 0 && phase === 'verified';

  return (
    <AuthCard title="Reset Password">
      {phase === 'validating' && <LoadingNotice label="Verifying reset token..." />}
      {/* Mounted throughout, so each message is announced as it appears. */}
      <LiveRegion urgent>
        {error && phase === 'invalid' && <Alert color="red">{error}</Alert>}
      </LiveRegion>
      {reset.errorRegion()}
      <LiveRegion>
        {phase === 'done' && <Alert color="green">{RESET_DONE}</Alert>}
        {phase === 'verified' && <Alert color="green">{TOKEN_VERIFIED}</Alert>}
      </LiveRegion>
      {phase === 'invalid' && <BackToLogin />}
      {phase === 'verified' && (
        <form onSubmit={reset.onSubmit}>
          <Stack gap="md">
            <NewPasswordFields
              form={reset.form}
              password={password}
              confirmLabel="Confirm Password"
              newError={password.length > 0 && !strong ? WEAK : reset.form.errors.newPassword}
              confirmError={
                confirm.length > 0 && !matches ? MISMATCH : reset.form.errors.confirmPassword
              }
            />
            <Button type="submit" disabled={!canSubmit || reset.pending} loading={reset.pending}>
              Reset Password
            </Button>
            <BackToLogin />
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
