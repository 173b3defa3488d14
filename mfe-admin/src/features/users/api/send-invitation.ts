/**
 * The Invite User dialog's call (reference §3 Invitation payload, §5 Invite, §7): POST
 * /email/send-invitation creates the account and queues the mail with the temporary password the
 * dialog generated. The form is checked with the contract's schema, so the dialog and the server
 * agree (the email trimmed and lower-cased, the role player or admin).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, type ApiRequest } from '@teamapp/api-client';
import {
  generateTempPassword,
  peopleEndpoints,
  sendInvitationSchema,
  type Role,
  type SendInvitationInput,
} from '@teamapp/contracts';
import { teamsQueryKey, useRequest } from '@teamapp/ui';
import { describeFor } from '../../../lib/form-check';
import { usersQueryKeys } from './get-users';

export interface InviteFormValues {
  firstName: string;
  lastName: string;
  email: string;
  role: Role;
  /** The team the new member joins as a player; '' for none (club admins only). */
  teamId: string;
}

export const emptyInviteForm: InviteFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  role: 'player',
  teamId: '',
};

/**
 * What the dialog checks before sending: the contract's rules for its four fields (the team is
 * chosen from a list, and a coach must choose one: a rule of the form).
 */
export const inviteFormSchema = sendInvitationSchema.pick({
  firstName: true,
  lastName: true,
  email: true,
  role: true,
});

export const describeInviteIssue = describeFor({
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  role: 'Role',
});

/** The payload for the checked fields, with a fresh temporary password (and the team, if any). */
export function invitationOf(
  data: Pick<SendInvitationInput, 'email' | 'firstName' | 'lastName' | 'role'>,
  teamName: string,
  teamId?: string,
): SendInvitationInput {
  return {
    email: data.email,
    firstName: data.firstName,
    lastName: data.lastName,
    role: data.role,
    tempPassword: generateTempPassword(),
    teamName,
    ...(teamId ? { teamId } : {}),
  };
}

export const sendInvitation = async (request: ApiRequest, input: SendInvitationInput) =>
  (await call(request, peopleEndpoints.invite, { body: input })).data;

export function useSendInvitation() {
  const request = useRequest();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SendInvitationInput) => sendInvitation(request, input),
    // The new member joins a team (the one named, or the club's only one): rosters change too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: usersQueryKeys.root }),
        queryClient.invalidateQueries({ queryKey: teamsQueryKey }),
      ]),
  });
}
