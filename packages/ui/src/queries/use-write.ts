/**
 * A write through the API: `call` gets the request function and the input; once it went through,
 * the reads matching `refresh` are fetched again (the answer's promise waits for that).
 */
import { useMutation, useQueryClient, type InvalidateQueryFilters } from '@tanstack/react-query';
import type { ApiRequest } from '@teamapp/api-client';
import { useRequest } from '../session/session-context';

export function useWrite<Input, Answer>(
  call: (request: ApiRequest, input: Input) => Promise<Answer>,
  refresh: readonly InvalidateQueryFilters[],
) {
  const request = useRequest();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => call(request, input),
    onSuccess: () => Promise.all(refresh.map((filters) => queryClient.invalidateQueries(filters))),
  });
}

/**
 * A form's save as one write for useWrite: `{ id: null, input }` adds with `create`, and
 * `{ id, input }` edits that one with `update` (the form sends the input or the changes).
 */
export function addOrEdit<Input, Changes, Added, Edited>(
  create: (request: ApiRequest, input: Input) => Promise<Added>,
  update: (request: ApiRequest, id: string, changes: Changes) => Promise<Edited>,
) {
  return (request: ApiRequest, { id, input }: { id: string | null; input: Input | Changes }) =>
    id ? update(request, id, input as Changes) : create(request, input as Input);
}
