/** A member's own availability entries (reference §7): list, add, delete. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestData } from '@teamapp/api-client';
import type { AvailabilityEntry, AvailabilityInput } from '@teamapp/contracts';
import { useRequest } from '@teamapp/ui';

export const availabilityQueryKey = ['availability'] as const;

export function useAvailability() {
  const request = useRequest();
  return useQuery({
    queryKey: availabilityQueryKey,
    queryFn: () => requestData<AvailabilityEntry[]>(request, 'GET', '/availability'),
  });
}

/** After a change: the entries, and the events whose answers an absence may have given. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: availabilityQueryKey }),
      queryClient.invalidateQueries({ queryKey: ['events'] }),
    ]);
}

export function useAddAvailability() {
  const request = useRequest();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: AvailabilityInput) =>
      request<{ success: true; message: string; data: AvailabilityEntry }>(
        'POST',
        '/availability',
        input,
      ),
    onSuccess: refresh,
  });
}

export function useDeleteAvailability() {
  const request = useRequest();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) =>
      request<{ success: true; message: string }>(
        'DELETE',
        `/availability/${encodeURIComponent(id)}`,
      ),
    onSuccess: refresh,
  });
}
