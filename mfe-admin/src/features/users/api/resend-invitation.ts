/**
 * Resending an open invitation: POST /user/{id}/resend-invitation makes a new temporary password
 * and mails it again; the server refuses once the person has chosen their own password.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, type ApiRequest } from '@teamapp/api-client';
import { peopleEndpoints } from '@teamapp/contracts';
import { useRequest } from '@teamapp/ui';
import { usersQueryKeys } from './get-users';

export const resendInvitation = async (request: ApiRequest, id: string) =>
  (await call(request, peopleEndpoints.resendInvitation, { params: { id } })).data;

export function useResendInvitation() {
  const request = useRequest();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => resendInvitation(request, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKeys.root }),
  });
}
