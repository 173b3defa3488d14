/**
 * The Invite User dialog's call (reference §3 Invitation payload, §5 Invite, §7): POST
 * /email/send-invitation creates the account and queues the mail with the temporary password the
 * dialog generated. The form is checked with the contract's schema, so the dialog and the server
 * agree (the email trimmed and lower-cased, the role player or admin).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  generateTempPassword,
  sendInvitationSchema,
  type Role,
  type SendInvitationInput,
  type User,
} from '@teamapp/contracts';
import { requestData, type ApiRequest } from '@teamapp/api-client';
import { useRequest } from '@teamapp/ui';
import { checkForm } from './form-check';
import { usersQueryKeys } from './get-users';

export interface InviteFormValues {
  firstName: string;
  lastName: string;
  email: string;
  role: Role;
}

export const emptyInviteForm: InviteFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  role: 'player',
};

const inviteFormSchema = sendInvitationSchema.pick({
  firstName: true,
  lastName: true,
  email: true,
  role: true,
});

const inviteLabels = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  role: 'Role',
};

/** Checks the form; when it is fine, the payload with a fresh temporary password. */
export function checkInvite(values: InviteFormValues, teamName: string) {
  const check = checkForm(inviteFormSchema, values, inviteLabels);
  if (!check.ok) return check;
  const payload: SendInvitationInput = {
    email: check.data.email,
    firstName: check.data.firstName,
    lastName: check.data.lastName,
    role: check.data.role,
    tempPassword: generateTempPassword(),
    teamName,
  };
  return { ok: true as const, data: payload };
}

export const sendInvitation = (request: ApiRequest, input: SendInvitationInput) =>
  requestData<User>(request, 'POST', '/email/send-invitation', input);

export function useSendInvitation() {
  const request = useRequest();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SendInvitationInput) => sendInvitation(request, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKeys.root }),
  });
}
