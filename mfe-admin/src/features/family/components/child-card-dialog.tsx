/**
 * A young player's card (docs/reference.md "Families"), for club admins and the child's coaches:
 * the date of birth when the answer carries it, and the Guardians section, which lists each
 * guardian (name, relation, where their invitation stands), invites one by mail (or links a
 * member by their address), removes one after asking, and says when nobody can answer for the
 * child (NO_GUARDIAN_WARNING). A club admin also reads "Who can see what" for the child and may
 * give the child a login of their own.
 */
import { useState, type ReactNode } from 'react';
import { Alert, Badge, Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { errorText } from '@teamapp/api-client';
import {
  giveLoginSchema,
  GUARDIAN_REMOVED,
  guardianInputSchema,
  type Guardian,
} from '@teamapp/contracts';
import {
  type ApiForm,
  ConfirmDialog,
  LoadingOrError,
  NoLoginBadge,
  OutcomeRegion,
  PlainList,
  useApiForm,
  useSession,
} from '@teamapp/ui';
import { describeFor } from '../../../lib/form-check';
import { useAddGuardian, useGiveLogin, useGuardians, useRemoveGuardian } from '../api/family';
import { WhoCanSee } from './who-can-see';
import { EmailField, NameField } from '../../../components/person-fields';

/** The young player the card is about. */
export interface ChildSummary {
  id: string;
  name: string;
  /** YYYY-MM-DD, when the answer carried it. */
  dateOfBirth?: string | null;
  /** False while the child has no login of their own. */
  hasLogin: boolean;
  /** Under the club's adult age; absent: taken as a minor. */
  minor?: boolean;
}

const birthFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/** "Mar 3, 2015" for 2015-03-03, whatever the device's zone. */
export const birthDate = (date: string) => birthFormat.format(new Date(`${date}T00:00:00Z`));

const invitationBadge = {
  pending: { label: 'Invitation pending', color: 'yellow' },
  expired: { label: 'Invitation expired', color: 'red' },
  accepted: { label: 'Signed in', color: 'green' },
} as const;

const describeGuardianIssue = describeFor({ email: 'Email', name: 'Name', relation: 'Relation' });

function GuardianRow({ guardian, onRemove }: { guardian: Guardian; onRemove: () => void }) {
  const badge = guardian.invitation_status ? invitationBadge[guardian.invitation_status] : null;
  return (
    <Card withBorder radius="sm" padding="xs" component="li">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {guardian.name}
            {guardian.relation && (
              <Text span c="dimmed" fw={400}>
                {' '}
                ({guardian.relation})
              </Text>
            )}
          </Text>
          <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
            {guardian.email}
          </Text>
        </div>
        <Group gap="xs" wrap="wrap">
          {badge && (
            <Badge color={badge.color} variant="light">
              {badge.label}
            </Badge>
          )}
          <Button
            size="xs"
            variant="light"
            color="red"
            onClick={onRemove}
            aria-label={`Remove ${guardian.name} as a guardian`}
          >
            Remove
          </Button>
        </Group>
      </Group>
    </Card>
  );
}

function InviteGuardianForm({ childId, childName }: { childId: string; childName: string }) {
  const invite = useAddGuardian(childId);
  const api = useApiForm({
    initialValues: { email: '', name: '', relation: '' },
    schema: guardianInputSchema,
    describeIssue: describeGuardianIssue,
    submit: (data) => invite.mutateAsync({ ...data, name: data.name || undefined }),
    successMessage: (answer) => answer.message,
    errorMessage: (err) => errorText(err, 'Failed to invite the guardian'),
    onSuccess: () => api.form.setValues({ email: '', name: '', relation: '' }),
  });
  return (
    <CardForm
      api={api}
      label={`Invite a guardian for ${childName}`}
      title="Invite a guardian"
      submit={api.pending ? 'Sending...' : 'Invite guardian'}
    >
      <EmailField form={api.form} id="guardian-email" />
      <Group grow wrap="wrap" gap="xs" align="flex-start">
        <NameField
          form={api.form}
          id="guardian-name"
          required={false}
          description="If they are not a member yet"
          miw={140}
        />
        <NameField
          form={api.form}
          id="guardian-relation"
          field="relation"
          label="Relation"
          required={false}
          placeholder="e.g. Mother"
          miw={140}
        />
      </Group>
    </CardForm>
  );
}

function GiveLoginForm({ childId, childName }: { childId: string; childName: string }) {
  const give = useGiveLogin(childId);
  const api = useApiForm({
    initialValues: { email: '' },
    schema: giveLoginSchema,
    describeIssue: describeFor({ email: 'Email' }),
    submit: (data) => give.mutateAsync(data.email),
    successMessage: (answer) => answer.message,
    errorMessage: (err) => errorText(err, 'Failed to give the login'),
  });
  return (
    <CardForm
      api={api}
      label={`Give ${childName} their own login`}
      title="Give own login"
      intro={`${childName} receives an invitation at this address. Their history stays theirs.`}
      submit={api.pending ? 'Sending...' : 'Give own login'}
      variant="light"
    >
      <EmailField form={api.form} id="child-login-email" label="Player's email" />
    </CardForm>
  );
}

/**
 * A small form of the card: its name, its heading, what it says first, its outcome, its fields
 * and its send button.
 */
function CardForm({
  api,
  label,
  title,
  intro,
  submit,
  variant,
  children,
}: {
  api: Pick<ApiForm<object>, 'onSubmit' | 'pending' | 'errorRegion' | 'successRegion'>;
  label: string;
  title: string;
  intro?: string;
  submit: string;
  variant?: 'light';
  children: ReactNode;
}) {
  return (
    <form onSubmit={api.onSubmit} noValidate aria-label={label}>
      <Stack gap="xs">
        <Title order={3} size="h5">
          {title}
        </Title>
        {intro && (
          <Text size="sm" c="dimmed">
            {intro}
          </Text>
        )}
        {api.errorRegion()}
        {api.successRegion()}
        {children}
        <Group justify="flex-end">
          <Button type="submit" variant={variant} disabled={api.pending}>
            {submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function ChildCardDialog({
  child,
  opened,
  onClose,
}: {
  child: ChildSummary;
  opened: boolean;
  onClose: () => void;
}) {
  const { isAdmin } = useSession();
  const guardians = useGuardians(child.id);
  const remove = useRemoveGuardian(child.id);
  const [removing, setRemoving] = useState<Guardian | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const list = guardians.data?.data ?? [];
  const warning = guardians.data?.warning;

  function confirmRemove() {
    const guardian = removing;
    if (!guardian) return;
    remove.mutate(guardian.id, {
      onSuccess: (answer) => {
        setRemoving(null);
        setMessage({ ok: true, text: answer.message || GUARDIAN_REMOVED });
      },
      onError: (err) => {
        setRemoving(null);
        setMessage({ ok: false, text: errorText(err, 'Failed to remove the guardian') });
      },
    });
  }

  return (
    <>
      <Modal opened={opened && !removing} onClose={onClose} title={child.name} centered size="lg">
        <Stack gap="md">
          {child.dateOfBirth && (
            <Text size="sm">Date of birth: {birthDate(child.dateOfBirth)}</Text>
          )}
          {!child.hasLogin && <NoLoginBadge style={{ alignSelf: 'start' }} />}
          <section aria-labelledby={`guardians-${child.id}`}>
            <Stack gap="sm">
              <Title order={2} size="h4" id={`guardians-${child.id}`}>
                Guardians
              </Title>
              <OutcomeRegion message={message} />
              <LoadingOrError
                query={guardians}
                loading="Loading guardians..."
                failed="Failed to load the guardians"
              />
              {warning && (
                <Alert color="orange" title="Nobody can answer for this player">
                  {warning}
                </Alert>
              )}
              {guardians.isSuccess && list.length === 0 && <Text c="dimmed">No guardian yet.</Text>}
              {list.length > 0 && (
                <PlainList gap="xs" label={`Guardians of ${child.name}`}>
                  {list.map((g) => (
                    <GuardianRow
                      key={g.id}
                      guardian={g}
                      onRemove={() => {
                        setMessage(null);
                        setRemoving(g);
                      }}
                    />
                  ))}
                </PlainList>
              )}
              <InviteGuardianForm childId={child.id} childName={child.name} />
            </Stack>
          </section>
          {isAdmin && !guardians.isError && (
            <WhoCanSee child={child} guardians={guardians.data?.data} />
          )}
          {isAdmin && !child.hasLogin && (
            <GiveLoginForm childId={child.id} childName={child.name} />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
          </Group>
        </Stack>
      </Modal>
      <ConfirmDialog
        opened={removing !== null}
        title="Remove guardian"
        message={`Remove ${removing?.name ?? 'this guardian'} as a guardian of ${child.name}? They will no longer answer for ${child.name}.`}
        confirmLabel="Remove"
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={confirmRemove}
      />
    </>
  );
}
