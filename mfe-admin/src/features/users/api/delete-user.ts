/** Removing a user (reference §5 Confirmations, §7): DELETE /user/{id}, admins only. */
import { call, type ApiRequest } from '@teamapp/api-client';
import { peopleEndpoints } from '@teamapp/contracts';
import { useWrite } from '@teamapp/ui';
import { usersQueryKeys } from './get-users';

export const DELETE_USER_CONFIRMATION =
  'Are you sure you want to remove this user? This action cannot be undone.';

export const deleteUser = (request: ApiRequest, id: string) =>
  call(request, peopleEndpoints.remove, { params: { id } });

export const useDeleteUser = () => useWrite(deleteUser, [{ queryKey: usersQueryKeys.root }]);
