/** /login (reference §2 Login, §5, §8): "{appTitle} Login", email and password, Sign In. */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Anchor, Box, Button, Center, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { LiveRegion, MainContent, useBranding, usePageTitle, useSession } from '@teamapp/ui';
import { takeHandoff } from '../../light-login/handoff';
import { ForgotPasswordModal } from './forgot-password-modal';
import { loginErrorText, SIGNING_IN } from './login-errors';

export { loginErrorText };

export function LoginPage() {
  const { login } = useSession();
  const { appTitle } = useBranding();
  // What the light login page handed over, when the app took over from it (light-login/).
  const [handoff] = useState(takeHandoff);
  const [email, setEmail] = useState(handoff?.email ?? '');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [forgotOpen, forgot] = useDisclosure(false);
  const forgotButton = useRef<HTMLButtonElement>(null);
  const busy = submitting;
  usePageTitle('Login');

  // Asked for on the light page: open the dialog from this page's own link, so closing it gives
  // focus back to the link as usual.
  const forgotHandedOver = useRef(handoff?.openForgot === true);
  useEffect(() => {
    if (!forgotHandedOver.current) return;
    forgotHandedOver.current = false;
    forgotButton.current?.focus();
    forgot.open();
  }, [forgot]);

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
              <Anchor
                ref={forgotButton}
                component="button"
                type="button"
                size="sm"
                ta="center"
                onClick={forgot.open}
              >
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
