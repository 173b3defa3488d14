/**
 * A member's own availability entries (reference §7): list, add, delete; a guardian adds one for
 * a child with `forUserId` (family.ts), which answers the child's events on /family too. Each call goes through
 * its endpoint in packages/contracts (`availabilityEndpoints`); the plain fetchers in
 * `availabilityCalls` are what the hooks run and what availability.pact.test.ts drives.
 */
import { call, type ApiRequest } from '@teamapp/api-client';
import { availabilityEndpoints as api, type AvailabilityInput } from '@teamapp/contracts';
import { familyQueryKey, useRead, useWrite } from '@teamapp/ui';

export const availabilityQueryKey = ['availability'] as const;

/** The availability fetchers on a request function. */
export const availabilityCalls = {
  list: (request: ApiRequest, forUserId?: string) =>
    call(request, api.list, { query: forUserId ? { forUserId } : {} }),
  create: (request: ApiRequest, input: AvailabilityInput) =>
    call(request, api.create, { body: input }),
  remove: (request: ApiRequest, id: string) => call(request, api.remove, { params: { id } }),
};

export const useAvailability = () =>
  useRead(availabilityQueryKey, availabilityCalls.list, { select: (answer) => answer.data });

/** After a change: the entries, and the events whose answers an absence may have given. */
const REFRESH = [
  { queryKey: availabilityQueryKey },
  { queryKey: ['events'] },
  { queryKey: familyQueryKey },
];

export const useAddAvailability = () => useWrite(availabilityCalls.create, REFRESH);

export const useDeleteAvailability = () => useWrite(availabilityCalls.remove, REFRESH);
