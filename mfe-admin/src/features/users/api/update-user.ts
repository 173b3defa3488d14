/**
 * The Edit user dialog's call (reference §5 Edit user, §7): PUT /user/profile/{id} with the name and
 * the email, as the reference has it. The role goes along only when the admin changed it, so a role picked
 * in the dialog takes effect (the server refuses to demote oneself or the last administrator, and
 * says why). Checked with the contract's schema, as the server does: both must be filled in.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, type ApiRequest } from '@teamapp/api-client';
import { peopleEndpoints, type Role, type UpdateProfileInput } from '@teamapp/contracts';
import { useRequest } from '@teamapp/ui';
import { describeFor } from '../../../lib/form-check';
import { usersQueryKeys } from './get-users';

export interface EditUserFormValues {
  name: string;
  email: string;
  role: Role;
}

export const describeEditIssue = describeFor({ name: 'Name', email: 'Email', role: 'Role' });

/** The payload for the checked fields: name and email, and the role if it changed. */
export function profileChangeOf(
  data: { name?: string; email?: string; role?: Role },
  values: EditUserFormValues,
  before: EditUserFormValues,
): UpdateProfileInput {
  const input: UpdateProfileInput = { name: data.name, email: data.email };
  if (values.role !== before.role) input.role = data.role;
  return input;
}

export const updateUser = async (request: ApiRequest, id: string, input: UpdateProfileInput) =>
  (await call(request, peopleEndpoints.updateProfile, { params: { id }, body: input })).data;

export function useUpdateUser() {
  const request = useRequest();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateProfileInput }) =>
      updateUser(request, id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKeys.root }),
  });
}
