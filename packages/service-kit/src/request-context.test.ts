import { setImmediate as nextTurn } from 'node:timers/promises';
import { currentRequestId, withRequestId } from './request-context';

/**
 * Reads the id before and after awaiting `until`, as a request's work does around its database
 * calls (by default the next turn of the event loop).
 */
const readAround =
  (until: () => Promise<unknown> = () => nextTurn()) =>
  async () => {
    const before = currentRequestId();
    await until();
    return [before, currentRequestId()];
  };

describe('withRequestId', () => {
  it('when works overlap, then each reads its own id across its awaits, and none is seen outside them', async () => {
    let bEnded!: () => void;
    const bEnd = new Promise<void>((resolve) => (bEnded = resolve));
    const b = withRequestId('req-b', readAround()).finally(bEnded);
    // req-a starts before req-b ends and goes on after it.
    const a = withRequestId(
      'req-a',
      readAround(() => bEnd),
    );

    // req-b ended first: the storage stayed on for req-a, still running.
    expect(await a).toEqual(['req-a', 'req-a']);
    expect(await b).toEqual(['req-b', 'req-b']);
    expect(currentRequestId()).toBeUndefined();
  });

  it('when the storage was switched off after the last work, then the next work switches it on again', async () => {
    await withRequestId('req-c', readAround());

    expect(await withRequestId('req-d', readAround())).toEqual(['req-d', 'req-d']);
    expect(currentRequestId()).toBeUndefined();
  });

  it('when work fails, then its error comes out and the context is closed behind it', async () => {
    await expect(
      withRequestId('req-e', async () => {
        await nextTurn();
        throw new Error('broken');
      }),
    ).rejects.toThrow('broken');

    expect(currentRequestId()).toBeUndefined();
    expect(await withRequestId('req-f', readAround())).toEqual(['req-f', 'req-f']);
  });
});
