/**
 * The typed caller: the path from the endpoint and its params and query, the body sent as is,
 * the answer returned, and an answer outside the endpoint's schema refused under tests.
 */
import { endpoint } from '@teamapp/contracts';
import { z } from 'zod';
import { AnswerMismatchError, call } from './call';
import type { ApiRequest } from './request';

const api = {
  rename: endpoint({
    method: 'PUT',
    path: '/teams/:id/name',
    params: z.object({ id: z.string() }),
    query: z.object({ notify: z.boolean().optional(), tags: z.array(z.string()).optional() }),
    body: z.object({ name: z.string() }),
    answer: z.object({ success: z.literal(true), name: z.string() }),
    summary: 'Rename a team',
  }),
  list: endpoint({
    method: 'GET',
    path: '/teams',
    answer: z.object({ success: z.literal(true), teams: z.array(z.string()) }),
    summary: 'Every team',
  }),
};

/** A request function that records what it was asked and answers `answer`. */
function recording(answer: unknown) {
  const calls: unknown[][] = [];
  const request = (async (...args: unknown[]) => {
    calls.push(args);
    return answer;
  }) as ApiRequest;
  return { calls, request };
}

describe('call(request, endpoint, input)', () => {
  it('when called with params, query and body, then the path is built and the body sent', async () => {
    const { calls, request } = recording({ success: true, name: 'Firsts' });

    const answer = await call(request, api.rename, {
      params: { id: 'a b/c' },
      query: { notify: true, tags: ['x', 'y'] },
      body: { name: 'Firsts' },
    });

    expect(calls).toEqual([
      ['PUT', '/teams/a%20b%2Fc/name?notify=true&tags=x&tags=y', { name: 'Firsts' }],
    ]);
    expect(answer.name).toBe('Firsts');
  });

  it('when an endpoint takes no input, then it is called without one', async () => {
    const { calls, request } = recording({ success: true, teams: [] });

    await call(request, api.list);

    expect(calls).toEqual([['GET', '/teams', undefined]]);
  });

  it('when the answer does not fit the schema under tests, then the call throws naming the field', async () => {
    const { request } = recording({ success: true, teams: 'none' });

    await expect(call(request, api.list)).rejects.toThrow(
      new AnswerMismatchError(
        'GET /api/teams answered outside its schema: teams: Invalid input: expected array, received string',
      ),
    );
  });
});
