/** `eventually`, the one polling loop every test and script waits with. */
import { eventually } from './testing';

describe('eventually', () => {
  it('when the check turns truthy, then that value is returned', async () => {
    let tries = 0;
    const value = await eventually(() => (++tries >= 3 ? { tries } : undefined));
    expect(value).toEqual({ tries: 3 });
  });

  it('when the check never holds, then it fails after the timeout given as a number', async () => {
    await expect(eventually(() => false, 100)).rejects.toThrow('condition not met in time');
  });

  it('when options name what is awaited, then the failure says so', async () => {
    await expect(eventually(async () => '', { what: 'the mail', timeoutMs: 100 })).rejects.toThrow(
      'timed out waiting for the mail',
    );
  });

  it('when a pause between tries is asked for, then it tries no more often than that', async () => {
    let tries = 0;
    const check = () => {
      tries += 1;
      return false;
    };

    await expect(eventually(check, { timeoutMs: 250, intervalMs: 100 })).rejects.toThrow();

    // At 0, 100, 200 and 300 ms at the most (a busy machine only makes it fewer).
    expect(tries).toBeLessThanOrEqual(4);
  });
});
