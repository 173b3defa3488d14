/**
 * Team news calls (reference §7): the list under ['news'] (the answer's `data` as is,
 * pinned first then newest, as the server orders it), publish (with `notify`), edit, pin or
 * unpin (only isPinned is sent) and delete. Every write refreshes the list.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestData, type ApiRequest } from '@teamapp/api-client';
import type { NewsInput, NewsPost, NewsUpdate } from '@teamapp/contracts';
import { useRequest } from '@teamapp/ui';

export const newsQueryKey = ['news'] as const;

const postPath = (id: string) => `/news/${encodeURIComponent(id)}`;

export const getNews = (request: ApiRequest) => requestData<NewsPost[]>(request, 'GET', '/news');

export function useNews() {
  const request = useRequest();
  return useQuery({ queryKey: newsQueryKey, queryFn: () => getNews(request) });
}

function useNewsMutation<V>(call: (request: ApiRequest, variables: V) => Promise<NewsPost | void>) {
  const request = useRequest();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: V) => call(request, variables),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: newsQueryKey }),
  });
}

/** Publishes a post (id null) or saves an edit. */
export function useSaveNews() {
  return useNewsMutation(
    (request, { id, input }: { id: string | null; input: NewsInput | NewsUpdate }) =>
      id
        ? requestData<NewsPost>(request, 'PUT', postPath(id), input)
        : requestData<NewsPost>(request, 'POST', '/news', input),
  );
}

export function usePinNews() {
  return useNewsMutation((request, { id, isPinned }: { id: string; isPinned: boolean }) =>
    requestData<NewsPost>(request, 'PUT', postPath(id), { isPinned }),
  );
}

export function useDeleteNews() {
  return useNewsMutation(async (request, id: string) => {
    await request<{ success: true }>('DELETE', postPath(id));
  });
}
