import { setTimeout as sleep } from 'node:timers/promises';
import { currentRequestId, withRequestId } from './request-context';

/** Reads the id before and after waiting, as a request's work does around its database calls. */
const readAround = (ms: number) => async () => {
  const before = currentRequestId();
  await sleep(ms);
  return [before, currentRequestId()];
};

describe('withRequestId', () => {
  it('when works overlap, then each reads its own id across its awaits, and none is seen outside them', async () => {
    const [a, b] = await Promise.all([
      withRequestId('req-a', readAround(30)),
      withRequestId('req-b', readAround(5)),
    ]);

    // req-b ended first: the storage stayed on for req-a, still running.
    expect(a).toEqual(['req-a', 'req-a']);
    expect(b).toEqual(['req-b', 'req-b']);
    expect(currentRequestId()).toBeUndefined();
  });

  it('when the storage was switched off after the last work, then the next work switches it on again', async () => {
    await withRequestId('req-c', readAround(1));

    expect(await withRequestId('req-d', readAround(1))).toEqual(['req-d', 'req-d']);
    expect(currentRequestId()).toBeUndefined();
  });

  it('when work fails, then its error comes out and the context is closed behind it', async () => {
    await expect(
      withRequestId('req-e', async () => {
        await sleep(1);
        throw new Error('broken');
      }),
    ).rejects.toThrow('broken');

    expect(currentRequestId()).toBeUndefined();
    expect(await withRequestId('req-f', readAround(1))).toEqual(['req-f', 'req-f']);
  });
});
