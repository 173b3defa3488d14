/** The "Forgot your password?" modal (reference §2 Login, §5 Forgot password, §8). */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { LiveRegion, useApi } from '@teamapp/ui';
import { resetErrorText } from './reset-errors';

const REQUEST_FAILED_TEXT = 'Failed to send password reset email. Please try again.';

export function ForgotPasswordModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const api = useApi();
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const closeButton = useRef<HTMLButtonElement>(null);

  // The form (and the focused submit button) is gone once sent: focus moves to Close.
  useEffect(() => {
    if (sent) closeButton.current?.focus();
  }, [sent]);

  function close() {
    onClose();
    setEmail('');
    setSent(false);
    setError(null);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim()) return;
    setSending(true);
    setError(null);
    try {
      await api.passwordReset.request(email);
      setSent(true);
    } catch (err) {
      setError(resetErrorText(err, REQUEST_FAILED_TEXT));
    } finally {
      setSending(false);
    }
  }

  return (
    <Modal opened={opened} onClose={close} title={sent ? 'Check Your Email' : 'Reset Password'}>
      <LiveRegion>
        {sent && <Text>Password reset instructions have been sent to your email address.</Text>}
      </LiveRegion>
      {sent ? (
        <Group justify="flex-end" mt="md">
          <Button ref={closeButton} onClick={close}>
            Close
          </Button>
        </Group>
      ) : (
        <form onSubmit={onSubmit}>
          <Stack>
            <Text size="sm" c="dimmed">
              Enter your email address and we will send you instructions to reset your password.
            </Text>
            <LiveRegion urgent>{error && <Alert color="red">{error}</Alert>}</LiveRegion>
            <TextInput
              label="Email"
              type="email"
              required
              data-autofocus
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" disabled={!email.trim()} loading={sending}>
                Send Reset Instructions
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
