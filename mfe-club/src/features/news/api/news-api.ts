/**
 * Team news calls (reference §7): the list under ['news'] (the answer's `data` as is,
 * pinned first then newest, as the server orders it), publish (with `notify`), edit, pin or
 * unpin (only isPinned is sent) and delete. Every write refreshes the list. Each call goes
 * through its endpoint in packages/contracts (`newsEndpoints`); the plain fetchers in `newsCalls`
 * are what the hooks run and what the news Pact test (news.pact.test.ts) drives.
 */
import { call, type ApiRequest } from '@teamapp/api-client';
import { newsEndpoints as api, type NewsInput, type NewsUpdate } from '@teamapp/contracts';
import { addOrEdit, useRead, useWrite } from '@teamapp/ui';

export const newsQueryKey = ['news'] as const;

/** The news fetchers on a request function: each resolves to the answer's `data`. */
export const newsCalls = {
  list: async (request: ApiRequest) => (await call(request, api.list)).data,
  create: async (request: ApiRequest, input: NewsInput) =>
    (await call(request, api.create, { body: input })).data,
  update: async (request: ApiRequest, id: string, changes: NewsUpdate) =>
    (await call(request, api.update, { params: { id }, body: changes })).data,
  remove: async (request: ApiRequest, id: string) => {
    await call(request, api.remove, { params: { id } });
  },
};

export const useNews = () => useRead(newsQueryKey, newsCalls.list);

/** After a publish, an edit, a pin or a delete: the list. */
const REFRESH = [{ queryKey: newsQueryKey }];

/** Publishes a post (id null) or saves an edit. */
export const useSaveNews = () => useWrite(addOrEdit(newsCalls.create, newsCalls.update), REFRESH);

export const usePinNews = () =>
  useWrite(
    (request, { id, isPinned }: { id: string; isPinned: boolean }) =>
      newsCalls.update(request, id, { isPinned }),
    REFRESH,
  );

export const useDeleteNews = () => useWrite(newsCalls.remove, REFRESH);
