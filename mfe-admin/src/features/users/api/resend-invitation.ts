/**
 * Resending an open invitation: POST /user/{id}/resend-invitation makes a new temporary password
 * and mails it again; the server refuses once the person has chosen their own password.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@teamapp/contracts';
import { requestData, type ApiRequest } from '@teamapp/api-client';
import { useRequest } from '@teamapp/ui';
import { usersQueryKeys } from './get-users';

export const resendInvitation = (request: ApiRequest, id: string) =>
  requestData<User>(request, 'POST', `/user/${encodeURIComponent(id)}/resend-invitation`);

export function useResendInvitation() {
  const request = useRequest();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => resendInvitation(request, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKeys.root }),
  });
}
