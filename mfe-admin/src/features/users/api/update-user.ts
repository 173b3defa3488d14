/**
 * The Edit user dialog's call (reference §5 Edit user, §7): PUT /user/profile/{id} with the name and
 * the email, as the reference has it. The role goes along only when the admin changed it, so a role picked
 * in the dialog takes effect (the server refuses to demote oneself or the last administrator, and
 * says why). Checked with the contract's schema, as the server does: both must be filled in.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  updateProfileSchema,
  type Role,
  type UpdateProfileInput,
  type User,
} from '@teamapp/contracts';
import { requestData, type ApiRequest } from '@teamapp/api-client';
import { useRequest } from '@teamapp/ui';
import { checkForm } from './form-check';
import { usersQueryKeys } from './get-users';

export interface EditUserFormValues {
  name: string;
  email: string;
  role: Role;
}

const editLabels = { name: 'Name', email: 'Email', role: 'Role' };

/** Checks the form; when it is fine, the payload: name and email, and the role if it changed. */
export function checkEditUser(values: EditUserFormValues, before: EditUserFormValues) {
  const check = checkForm(updateProfileSchema, values, editLabels);
  if (!check.ok) return check;
  const input: UpdateProfileInput = { name: check.data.name, email: check.data.email };
  if (values.role !== before.role) input.role = check.data.role;
  return { ok: true as const, data: input };
}

export const updateUser = (request: ApiRequest, id: string, input: UpdateProfileInput) =>
  requestData<User>(request, 'PUT', `/user/profile/${encodeURIComponent(id)}`, input);

export function useUpdateUser() {
  const request = useRequest();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateProfileInput }) =>
      updateUser(request, id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKeys.root }),
  });
}
