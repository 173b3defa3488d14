/** /login (SPEC §2 Login, §5, §8): "{appTitle} Login", email and password, Sign In. */
import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Box, Button, Center, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { ApiError, LOGIN_FAILED, NETWORK_ERROR, userMessage } from '@teamapp/api-client';
import { LiveRegion, MainContent, useBranding, usePageTitle, useSession } from '@teamapp/ui';
import { ForgotPasswordModal } from './forgot-password-modal';

const NETWORK_LOGIN_ERROR = 'Network error. Please check your connection and try again.';
const SIGNING_IN = 'Signing in...';

export function loginErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (!error.fromServer && error.message === NETWORK_ERROR) return NETWORK_LOGIN_ERROR;
    return userMessage(error) || LOGIN_FAILED;
  }
  return LOGIN_FAILED;
}

export function LoginPage() {
  const { login } = useSession();
  const { appTitle } = useBranding();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [forgotOpen, forgot] = useDisclosure(false);
  const busy = submitting;
  usePageTitle('Login');

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setSubmitting(true);
    try {
      await login(email.trim(), password);
    } catch (err) {
      setError(loginErrorText(err));
      setSubmitting(false);
    }
  }

  return (
    <MainContent>
      <Center mih="100vh" p="md" bg="gray.0">
        <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={420}>
          <Box component="form" onSubmit={onSubmit} noValidate={false}>
            <Stack gap="md">
              <Title order={1} size="h2" ta="center">
                {appTitle} Login
              </Title>
              {/* Mounted before anything goes wrong, so the error is announced when it appears. */}
              <LiveRegion urgent>{error && <Alert color="red">{error}</Alert>}</LiveRegion>
              <TextInput
                label="Email"
                type="email"
                autoComplete="email"
                required
                value={email}
                onChange={(e) => setEmail(e.currentTarget.value)}
              />
              <TextInput
                label="Password"
                type="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
              />
              <Button type="submit" fullWidth disabled={busy}>
                {busy ? SIGNING_IN : 'Sign In'}
              </Button>
              <Anchor component="button" type="button" size="sm" ta="center" onClick={forgot.open}>
                Forgot your password?
              </Anchor>
            </Stack>
          </Box>
        </Paper>
      </Center>
      {/* The button's "Signing in..." is announced from here (outside the form's layout). */}
      <LiveRegion visuallyHidden>{busy ? SIGNING_IN : ''}</LiveRegion>
      <ForgotPasswordModal opened={forgotOpen} onClose={forgot.close} />
    </MainContent>
  );
}
