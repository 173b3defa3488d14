/**
 * The showcase's edited parts (PUT /api/showcase, admins): read back from the merged
 * GET /api/showcase (same query key as the public page, so a save refreshes it) and saved whole.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ShowcaseData, ShowcaseEditable, ShowcaseEditableInput } from '@teamapp/contracts';
import { requestData, type ApiRequest } from '@teamapp/api-client';
import { useRequest } from '@teamapp/ui';

export const showcaseQueryKey = ['showcase'] as const;

export const getShowcase = (request: ApiRequest) =>
  requestData<ShowcaseData>(request, 'GET', '/showcase');

export const saveShowcase = (request: ApiRequest, input: ShowcaseEditableInput) =>
  requestData<ShowcaseData>(request, 'PUT', '/showcase', input);

/** The parts an admin edits, as the merged showcase carries them. */
export function toEditable(data: ShowcaseData): ShowcaseEditable {
  return {
    subtitle: data.hero.subtitle,
    featured: data.featured,
    videos: data.videos,
    partners: data.partners,
    navigation: data.navigation,
    leaguePosition: data.leaguePosition,
    joinEmail: data.joinEmail,
  };
}

export function useShowcaseEditable() {
  const request = useRequest();
  return useQuery({
    queryKey: showcaseQueryKey,
    queryFn: () => getShowcase(request),
    select: toEditable,
  });
}

export function useSaveShowcase() {
  const request = useRequest();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ShowcaseEditableInput) => saveShowcase(request, input),
    onSuccess: (data) => client.setQueryData(showcaseQueryKey, data),
  });
}
