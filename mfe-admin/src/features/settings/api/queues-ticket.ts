/**
 * The queues board (/admin/queues, served by the content service): a page load carries no token,
 * so the screen first asks for a single-use ticket with the session's token and then goes to the
 * address it comes with, where the ticket becomes the board's own cookie.
 */
import { useMutation } from '@tanstack/react-query';
import { requestData, type ApiRequest } from '@teamapp/api-client';
import { useRequest } from '@teamapp/ui';

export const requestQueuesTicket = (request: ApiRequest) =>
  requestData<{ url: string }>(request, 'POST', '/settings/queues-ticket');

export function useQueuesTicket() {
  const request = useRequest();
  return useMutation({ mutationFn: () => requestQueuesTicket(request) });
}
