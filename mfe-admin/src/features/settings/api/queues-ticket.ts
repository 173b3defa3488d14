/**
 * The queues board (/admin/queues, served by the content service): a page load carries no token,
 * so the screen first asks for a single-use ticket with the session's token and then goes to the
 * address it comes with, where the ticket becomes the board's own cookie.
 */
import { useMutation } from '@tanstack/react-query';
import { call, type ApiRequest } from '@teamapp/api-client';
import { settingsEndpoints } from '@teamapp/contracts';
import { useRequest } from '@teamapp/ui';

/** Resolves to `{ url }`: the board's address with the ticket (`settingsEndpoints.queuesTicket`). */
export const requestQueuesTicket = async (request: ApiRequest) =>
  (await call(request, settingsEndpoints.queuesTicket)).data;

export function useQueuesTicket() {
  const request = useRequest();
  return useMutation({ mutationFn: () => requestQueuesTicket(request) });
}
