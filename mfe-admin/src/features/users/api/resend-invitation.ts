/**
 * Resending an open invitation: POST /user/{id}/resend-invitation makes a new temporary password
 * and mails it again; the server refuses once the person has chosen their own password.
 */
import { call, type ApiRequest } from '@teamapp/api-client';
import { peopleEndpoints } from '@teamapp/contracts';
import { useWrite } from '@teamapp/ui';
import { usersQueryKeys } from './get-users';

export const resendInvitation = async (request: ApiRequest, id: string) =>
  (await call(request, peopleEndpoints.resendInvitation, { params: { id } })).data;

export const useResendInvitation = () =>
  useWrite(resendInvitation, [{ queryKey: usersQueryKeys.root }]);
