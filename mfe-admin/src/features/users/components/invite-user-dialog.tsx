/**
 * The Invite User dialog (reference §4 Invite dialog, §5 Invite): first name, last name, email and
 * role; on send it generates the 8-character temporary password and names the team after the app
 * title. Form, then sending, then the success message; it closes itself after 3 seconds and the
 * form starts empty the next time.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { INVITATION_SENT, ROLES, SUCCESS_AUTO_HIDE_MS } from '@teamapp/contracts';
import { errorText } from '@teamapp/api-client';
import { LiveRegion, roleLabel, useBranding } from '@teamapp/ui';
import type { FieldErrors } from '../api/form-check';
import {
  checkInvite,
  emptyInviteForm,
  useSendInvitation,
  type InviteFormValues,
} from '../api/send-invitation';

type Field = keyof InviteFormValues;

export const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: roleLabel(role) }));

export function InviteUserDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { appTitle } = useBranding();
  const [values, setValues] = useState<InviteFormValues>(emptyInviteForm);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [sent, setSent] = useState(false);
  const invite = useSendInvitation();
  const timer = useRef<number | undefined>(undefined);
  const closeButton = useRef<HTMLButtonElement>(null);

  useEffect(() => () => window.clearTimeout(timer.current), []);
  useEffect(() => {
    if (sent) closeButton.current?.focus();
  }, [sent]);

  function close() {
    window.clearTimeout(timer.current);
    setValues(emptyInviteForm);
    setErrors({});
    setSent(false);
    invite.reset();
    onClose();
  }

  const set = (patch: Partial<InviteFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const key of Object.keys(patch) as Field[]) delete next[key];
      return next;
    });
  };

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (invite.isPending) return;
    const check = checkInvite(values, appTitle);
    if (!check.ok) {
      setErrors(check.errors);
      document.getElementById(`invite-${check.first}`)?.focus();
      return;
    }
    setErrors({});
    invite.mutate(check.data, {
      onSuccess: () => {
        setSent(true);
        timer.current = window.setTimeout(close, SUCCESS_AUTO_HIDE_MS);
      },
    });
  }

  const failure = invite.isError ? errorText(invite.error, 'Failed to send invitation') : null;

  return (
    <Modal opened={opened} onClose={close} title="Invite User" centered>
      <LiveRegion>
        {sent && (
          <Alert color="green" mb="md">
            {INVITATION_SENT}
          </Alert>
        )}
      </LiveRegion>
      {sent ? (
        <Group justify="flex-end">
          <Button ref={closeButton} variant="default" onClick={close}>
            Close
          </Button>
        </Group>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="sm">
            <LiveRegion urgent>{failure && <Alert color="red">{failure}</Alert>}</LiveRegion>
            <Group grow wrap="wrap" gap="sm" align="flex-start">
              <TextInput
                id="invite-firstName"
                label="First Name"
                required
                autoComplete="off"
                value={values.firstName}
                error={errors.firstName}
                onChange={(e) => set({ firstName: e.currentTarget.value })}
                miw={140}
                data-autofocus
              />
              <TextInput
                id="invite-lastName"
                label="Last Name"
                required
                autoComplete="off"
                value={values.lastName}
                error={errors.lastName}
                onChange={(e) => set({ lastName: e.currentTarget.value })}
                miw={140}
              />
            </Group>
            <TextInput
              id="invite-email"
              label="Email"
              type="email"
              required
              autoComplete="off"
              value={values.email}
              error={errors.email}
              onChange={(e) => set({ email: e.currentTarget.value })}
            />
            <NativeSelect
              id="invite-role"
              label="Role"
              data={ROLE_OPTIONS}
              value={values.role}
              onChange={(e) => set({ role: e.currentTarget.value as InviteFormValues['role'] })}
            />
            <Text size="sm" c="dimmed">
              A temporary password is generated and sent with the invitation. It must be changed at
              the first sign-in.
            </Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" disabled={invite.isPending}>
                {invite.isPending ? 'Sending...' : 'Send Invitation'}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
