/**
 * The showcase's edited parts (PUT /api/showcase, admins): read back from the merged
 * GET /api/showcase (same query key as the public page, so a save refreshes it) and saved whole.
 * Each call goes through its endpoint in packages/contracts (`showcaseEndpoints`); the editor's
 * Pact test (showcase-editor.pact.test.ts) drives `showcaseCalls`.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  showcaseEndpoints as api,
  type ShowcaseData,
  type ShowcaseEditable,
  type ShowcaseEditableInput,
} from '@teamapp/contracts';
import { call, type ApiRequest } from '@teamapp/api-client';
import { useRead, useRequest } from '@teamapp/ui';

export const showcaseQueryKey = ['showcase'] as const;

/** The editor's fetchers on a request function: each resolves to the merged showcase. */
export const showcaseCalls = {
  get: async (request: ApiRequest) => (await call(request, api.get)).data,
  save: async (request: ApiRequest, input: ShowcaseEditableInput) =>
    (await call(request, api.save, { body: input })).data,
};

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
    teamPositions: Object.fromEntries((data.teams ?? []).map((t) => [t.id, t.position])),
  };
}

export const useShowcaseEditable = () =>
  useRead(showcaseQueryKey, showcaseCalls.get, { select: toEditable });

/** The teams with a tab on the public page (several teams in the club), whose positions are set. */
export const useShowcaseTeams = () =>
  useRead(showcaseQueryKey, showcaseCalls.get, {
    select: (data) => (data.teams ?? []).map(({ id, name }) => ({ id, name })),
  });

export function useSaveShowcase() {
  const request = useRequest();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ShowcaseEditableInput) => showcaseCalls.save(request, input),
    onSuccess: (data) => client.setQueryData(showcaseQueryKey, data),
  });
}
