/**
 * /reset-password (reference §2, §4 "Password reset flow", §5 New password, §8): verify the token
 * from the query string, then new + confirm password with a live checklist, then redirect.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert, Anchor, Button, Center, Paper, PasswordInput, Stack, Title } from '@mantine/core';
import { errorHint } from '@teamapp/api-client';
import { RESET_REDIRECT_MS, isStrongPassword } from '@teamapp/contracts';
import { LiveRegion, LoadingNotice, MainContent, useApi, usePageTitle } from '@teamapp/ui';
import { PasswordChecklist } from '../../components/password-checklist';
import { resetErrorText } from './reset-errors';

const MISSING_TOKEN = 'Invalid or missing reset token. Please request a new password reset.';
const INVALID_TOKEN = 'Invalid or expired reset token. Please request a new password reset.';
const TOKEN_VERIFIED = 'Token verified. Please enter your new password below.';
const RESET_FAILED = 'Failed to reset password. Please try again.';
const RESET_DONE = 'Password reset successfully! Redirecting to login...';
const MISMATCH = 'Passwords do not match.';
const WEAK = 'Password does not meet security requirements.';

type Phase = 'validating' | 'verified' | 'invalid' | 'submitting' | 'done';

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
  const [password, setPassword] = useState('');
  /** The server's advice on the new password (e.g. too common), until it is edited. */
  const [hint, setHint] = useState<string | null>(null);
  const [confirm, setConfirm] = useState('');
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

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit) return;
    setPhase('submitting');
    setError(null);
    try {
      await api.passwordReset.confirm(token, password);
      setPhase('done');
    } catch (err) {
      setError(resetErrorText(err, RESET_FAILED));
      setHint(errorHint(err));
      setPhase('verified');
    }
  }

  return (
    <MainContent>
      <Center mih="100vh" p="md" bg="gray.0">
        <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={440}>
          <Stack gap="md">
            <Title order={1} size="h2" ta="center">
              Reset Password
            </Title>
            {phase === 'validating' && <LoadingNotice label="Verifying reset token..." />}
            {/* Mounted throughout, so each message is announced as it appears. */}
            <LiveRegion urgent>
              {error && (phase === 'invalid' || phase === 'verified') && (
                <Alert color="red">{error}</Alert>
              )}
            </LiveRegion>
            <LiveRegion>
              {phase === 'done' && <Alert color="green">{RESET_DONE}</Alert>}
              {(phase === 'verified' || phase === 'submitting') && (
                <Alert color="green">{TOKEN_VERIFIED}</Alert>
              )}
            </LiveRegion>
            {phase === 'invalid' && <BackToLogin />}
            {(phase === 'verified' || phase === 'submitting') && (
              <form onSubmit={onSubmit}>
                <Stack gap="md">
                  <PasswordInput
                    label="New Password"
                    autoComplete="new-password"
                    required
                    value={password}
                    onChange={(e) => {
                      setPassword(e.currentTarget.value);
                      setHint(null);
                    }}
                    error={password.length > 0 && !strong ? WEAK : (hint ?? undefined)}
                  />
                  <PasswordChecklist password={password} />
                  <PasswordInput
                    label="Confirm Password"
                    autoComplete="new-password"
                    required
                    value={confirm}
                    onChange={(e) => setConfirm(e.currentTarget.value)}
                    error={confirm.length > 0 && !matches ? MISMATCH : undefined}
                  />
                  <Button type="submit" disabled={!canSubmit} loading={phase === 'submitting'}>
                    Reset Password
                  </Button>
                  <BackToLogin />
                </Stack>
              </form>
            )}
          </Stack>
        </Paper>
      </Center>
    </MainContent>
  );
}
