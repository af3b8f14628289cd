/**
 * loadOnce (src/services/loadOnce.ts): the code the console fetches on first use is fetched once,
 * and a failed fetch is tried again by the next call, not kept.
 */
import { describe, expect, it, vi } from 'vitest';
import { loadOnce } from '../../src/services/loadOnce';

describe('loadOnce', () => {
  it('starts the load on the first call only, and every call shares its result', async () => {
    const load = vi.fn(() => Promise.resolve({ name: 'sdk' }));
    const get = loadOnce(load);
    expect(load).not.toHaveBeenCalled();
    const [a, b] = await Promise.all([get(), get()]);
    expect(await get()).toBe(a);
    expect(b).toBe(a);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed load: the calls that shared it fail, the next call loads again', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('dropped')).mockResolvedValueOnce('loaded');
    const get = loadOnce<string>(load);
    const first = get();
    const second = get();
    await expect(first).rejects.toThrow('dropped');
    await expect(second).rejects.toThrow('dropped');
    expect(load).toHaveBeenCalledTimes(1);
    await expect(get()).resolves.toBe('loaded');
    await expect(get()).resolves.toBe('loaded');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
