/**
 * The Invite User dialog (reference §4 Invite dialog, §5 Invite): first name, last name, email and
 * role; on send it generates the 8-character temporary password and names the team after the app
 * title. Form, then sending, then the success message; it closes itself after 3 seconds and the
 * form starts empty the next time.
 *
 * With several teams in the club (docs/reference.md "Teams") it also asks which team the new
 * member joins as a player (@teamapp/ui's TeamPicker, whose choice of no team reads "No team"): a
 * club admin may leave it empty, a coach (who invites players into the teams they coach, from a
 * roster's "Invite to Team") must choose one of those. It starts on the roster's team, else a
 * coach's only team, else empty (the header's team is not assumed).
 */
import { Group, Text } from '@mantine/core';
import { INVITATION_SENT } from '@teamapp/contracts';
import { errorText } from '@teamapp/api-client';
import {
  FormActions,
  SuccessDialogModal,
  TeamPicker,
  useBranding,
  useSession,
  useSuccessDialog,
  useTeamPick,
} from '@teamapp/ui';
import {
  describeInviteIssue,
  emptyInviteForm,
  invitationOf,
  inviteFormSchema,
  useSendInvitation,
} from '../api/send-invitation';
import { EmailField, NameField, RoleField } from '../../../components/person-fields';
import type { DialogProps } from '../../../lib/page-state';

export const CHOOSE_TEAM = 'Choose a team.';

export function InviteUserDialog({
  opened,
  onClose,
  teamId,
}: DialogProps & {
  /** The team the dialog was opened for (a roster's "Invite to Team"). */
  teamId?: string;
}) {
  const { appTitle } = useBranding();
  const { isAdmin } = useSession();
  const pick = useTeamPick({ followHeader: false, coachChooses: true });
  const invite = useSendInvitation();
  const api = useSuccessDialog({
    // A coach with one team to invite into needs no choice (the picker starts on it).
    initialValues: { ...emptyInviteForm, teamId: teamId ?? pick.initial },
    schema: inviteFormSchema,
    describeIssue: describeInviteIssue,
    validate: (values) => (!isAdmin && !values.teamId ? { teamId: CHOOSE_TEAM } : {}),
    submit: (data, values) =>
      invite.mutateAsync(invitationOf(data, appTitle, values.teamId || undefined)),
    successMessage: INVITATION_SENT,
    errorMessage: (err) => errorText(err, 'Failed to send invitation'),
    onClose,
    onReset: invite.reset,
  });

  return (
    <SuccessDialogModal dialog={api} opened={opened} title="Invite User">
      <Group grow wrap="wrap" gap="sm" align="flex-start">
        <NameField
          form={api.form}
          id="invite-firstName"
          field="firstName"
          label="First Name"
          miw={140}
          data-autofocus
        />
        <NameField
          form={api.form}
          id="invite-lastName"
          field="lastName"
          label="Last Name"
          miw={140}
        />
      </Group>
      <EmailField form={api.form} id="invite-email" />
      {isAdmin && <RoleField form={api.form} id="invite-role" />}
      {pick.shown && (
        <TeamPicker
          id="invite-team"
          pick={pick}
          noTeam="No team"
          description={
            isAdmin
              ? 'The new member joins it as a player.'
              : 'One of your teams; the new member joins it as a player.'
          }
          {...api.form.getInputProps('teamId')}
        />
      )}
      <Text size="sm" c="dimmed">
        A temporary password is generated and sent with the invitation. It must be changed at the
        first sign-in.
      </Text>
      <FormActions
        gap="sm"
        onCancel={api.close}
        disabled={api.pending}
        submit={api.pending ? 'Sending...' : 'Send Invitation'}
      />
    </SuccessDialogModal>
  );
}
