/**
 * The "Add young player" dialog (docs/reference.md "Families"): a player the club adds with a
 * date of birth and no login of their own (name, date of birth, position optional, team). Club
 * admins open it from /users and from a roster, a team's coach from their team's roster (the
 * team then fixed to it). Checked with the contract's schema; success and failure are announced
 * as the other dialogs' are, and the dialog closes itself after the reference's 3 s.
 */
import { useState } from 'react';
import { Button, Text, TextInput } from '@mantine/core';
import { errorText } from '@teamapp/api-client';
import { CHILD_ADDED, childInputSchema } from '@teamapp/contracts';
import {
  FormActions,
  SuccessDialogModal,
  TeamPicker,
  useSuccessDialog,
  useTeamPick,
} from '@teamapp/ui';
import { describeFor } from '../../../lib/form-check';
import { useAddChild } from '../api/family';
import { NameField } from '../../../components/person-fields';
import type { DialogProps } from '../../../lib/page-state';

const describeChildIssue = describeFor({
  name: 'Name',
  dateOfBirth: 'Date of birth',
  position: 'Position',
  teamId: 'Team',
});

/** Today on this device as YYYY-MM-DD: the latest date of birth the field offers. */
const today = () => new Date().toLocaleDateString('en-CA');

export function AddChildDialog({
  opened,
  onClose,
  teamId,
}: DialogProps & {
  /** The roster's team the dialog was opened from: the player joins it. */
  teamId?: string;
}) {
  const pick = useTeamPick({ followHeader: false, coachChooses: true });
  // A child joins a team: no "club-wide" choice, even for a club admin.
  const teamPick = { ...pick, clubWide: false };
  const onlyTeam = pick.teams.length === 1 ? (pick.teams[0]?.id ?? '') : '';
  const add = useAddChild();
  const api = useSuccessDialog({
    initialValues: { name: '', dateOfBirth: '', position: '', teamId: teamId ?? onlyTeam },
    schema: childInputSchema,
    describeIssue: describeChildIssue,
    submit: (data) => add.mutateAsync(data),
    successMessage: (answer) => answer.message || CHILD_ADDED,
    errorMessage: (err) => errorText(err, 'Failed to add the player'),
    onClose,
    onReset: add.reset,
  });

  return (
    <SuccessDialogModal dialog={api} opened={opened} title="Add young player">
      <NameField form={api.form} id="child-name" data-autofocus />
      <TextInput
        id="child-dateOfBirth"
        label="Date of birth"
        type="date"
        required
        max={today()}
        {...api.form.getInputProps('dateOfBirth')}
      />
      <TextInput
        id="child-position"
        label="Position"
        autoComplete="off"
        {...api.form.getInputProps('position')}
      />
      {!teamId && pick.teams.length !== 1 && (
        <TeamPicker
          id="child-team"
          pick={teamPick}
          description="The young player joins it as a player."
          {...api.form.getInputProps('teamId')}
        />
      )}
      <Text size="sm" c="dimmed">
        A young player has no login: their guardians answer for them. Invite a guardian from the
        player&apos;s card once they are added.
      </Text>
      <FormActions
        gap="sm"
        onCancel={api.close}
        disabled={api.pending}
        submit={api.pending ? 'Adding...' : 'Add player'}
      />
    </SuccessDialogModal>
  );
}

/** The "Add young player" button of /users and of a roster, with the dialog it opens. */
export function AddChildButton({ teamId }: { teamId?: string }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="light" onClick={() => setOpened(true)}>
        Add young player
      </Button>
      <AddChildDialog opened={opened} onClose={() => setOpened(false)} teamId={teamId} />
    </>
  );
}
