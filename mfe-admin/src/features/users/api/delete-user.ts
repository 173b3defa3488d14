/** Removing a user (reference §5 Confirmations, §7): DELETE /user/{id}, admins only. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiRequest } from '@teamapp/api-client';
import { useRequest } from '@teamapp/ui';
import { usersQueryKeys } from './get-users';

export const DELETE_USER_CONFIRMATION =
  'Are you sure you want to remove this user? This action cannot be undone.';

export const deleteUser = (request: ApiRequest, id: string) =>
  request<{ success: true }>('DELETE', `/user/${encodeURIComponent(id)}`);

export function useDeleteUser() {
  const request = useRequest();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteUser(request, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKeys.root }),
  });
}
