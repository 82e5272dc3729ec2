import { describe, expect, it } from 'vitest';
import { toldChanges } from '../../../test/support/told-changes';
import { createCustomerCache, HEARD_TTL_MS, type Read } from './customer-cache';

function setup(options: { live?: boolean; unheardTtlMs?: number } = {}) {
  const changes = toldChanges(options.live ?? true);
  let clock = 1_000_000;
  const cache = createCustomerCache<string>({
    changes,
    unheardTtlMs: options.unheardTtlMs ?? 5_000,
    now: () => clock,
  });
  let reads = 0;
  let value = 'first';
  const read = (): Promise<Read<string>> => {
    reads += 1;
    return Promise.resolve({ value });
  };
  return {
    cache,
    changes,
    read,
    reads: () => reads,
    setValue: (next: string) => {
      value = next;
    },
    advance: (ms: number) => {
      clock += ms;
    },
    now: () => clock,
  };
}

describe('the customer cache', () => {
  it('keeps a read until the customer changes, and reads again after', async () => {
    const t = setup();
    expect(await t.cache.get('u1', 'u1', t.read)).toBe('first');
    t.advance(HEARD_TTL_MS - 1);
    expect(await t.cache.get('u1', 'u1', t.read)).toBe('first');
    expect(t.reads()).toBe(1);
    t.setValue('second');
    t.changes.announce({ userId: 'u1' });
    expect(await t.cache.get('u1', 'u1', t.read)).toBe('second');
    expect(t.reads()).toBe(2);
  });

  it('leaves other customers’ entries alone', async () => {
    const t = setup();
    await t.cache.get('u1', 'u1', t.read);
    await t.cache.get('u2', 'u2', t.read);
    t.changes.announce({ userId: 'u1' });
    await t.cache.get('u2', 'u2', t.read);
    expect(t.reads()).toBe(2);
  });

  it('drops every entry when changes may have been missed', async () => {
    const t = setup();
    await t.cache.get('u1', 'u1', t.read);
    await t.cache.get('s1', 'u2', t.read);
    t.changes.announce('all');
    await t.cache.get('u1', 'u1', t.read);
    await t.cache.get('s1', 'u2', t.read);
    expect(t.reads()).toBe(4);
  });

  it('does not keep a read that a change overlapped', async () => {
    const t = setup();
    let release: (value: Read<string>) => void = () => undefined;
    const slow = () => new Promise<Read<string>>((resolve) => (release = resolve));
    const pending = t.cache.get('u1', 'u1', slow);
    // The change commits and is announced while the read (which saw the old data) is under way.
    t.changes.announce({ userId: 'u1' });
    release({ value: 'stale' });
    expect(await pending).toBe('stale');
    t.setValue('fresh');
    expect(await t.cache.get('u1', 'u1', t.read)).toBe('fresh');
  });

  it('ends an entry at its own expiry', async () => {
    const t = setup();
    const until = t.now() + 1_000;
    await t.cache.get('s1', 'u1', () => Promise.resolve({ value: 'live', until }));
    t.advance(999);
    expect(await t.cache.get('s1', 'u1', t.read)).toBe('live');
    t.advance(1);
    expect(await t.cache.get('s1', 'u1', t.read)).toBe('first');
  });

  it('trusts a read for the short time only while changes are not heard', async () => {
    const t = setup({ live: false, unheardTtlMs: 5_000 });
    await t.cache.get('u1', 'u1', t.read);
    t.advance(4_999);
    await t.cache.get('u1', 'u1', t.read);
    expect(t.reads()).toBe(1);
    t.advance(1);
    await t.cache.get('u1', 'u1', t.read);
    expect(t.reads()).toBe(2);
  });

  it('keeps nothing when turned off, heard or not', async () => {
    const t = setup({ unheardTtlMs: 0 });
    await t.cache.get('u1', 'u1', t.read);
    await t.cache.get('u1', 'u1', t.read);
    expect(t.reads()).toBe(2);
  });

  it('forgets at once what this process changed itself, and stops listening when stopped', async () => {
    const t = setup();
    await t.cache.get('u1', 'u1', t.read);
    t.cache.invalidate('u1');
    await t.cache.get('u1', 'u1', t.read);
    expect(t.reads()).toBe(2);
    t.cache.stop();
    expect(t.changes.listeners.size).toBe(0);
  });

  /** A cache of `maxEntries` values whose reads answer their key and are recorded in order. */
  function sizedCache(maxEntries: number) {
    const cache = createCustomerCache<string>({
      changes: toldChanges(),
      unheardTtlMs: 5_000,
      maxEntries,
    });
    const reads: string[] = [];
    const read = (key: string) => () => {
      reads.push(key);
      return Promise.resolve({ value: key });
    };
    return { cache, reads, read };
  }

  it('past its size, lets the value used least recently go, and keeps the others', async () => {
    const { cache, reads, read } = sizedCache(2);
    await cache.get('a', 'a', read('a'));
    await cache.get('b', 'b', read('b'));
    await cache.get('a', 'a', read('a')); // a used again: b is now the least recent
    await cache.get('c', 'c', read('c')); // full: b goes
    expect(await cache.get('a', 'a', read('a'))).toBe('a');
    expect(await cache.get('c', 'c', read('c'))).toBe('c');
    expect(reads).toEqual(['a', 'b', 'c']);
    await cache.get('b', 'b', read('b'));
    expect(reads).toEqual(['a', 'b', 'c', 'b']);
  });

  it('keeps a value used since a quarter of its size was put, and reads nothing twice while all fit', async () => {
    const { cache, reads, read } = sizedCache(8);
    const keys = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    for (let round = 0; round < 3; round += 1) {
      for (const key of keys) await cache.get(key, key, read(key));
    }
    expect(reads).toEqual(keys);
    await cache.get('a', 'a', read('a')); // used: a quarter (2) were put since, so it moves
    await cache.get('i', 'i', read('i')); // full: b, put longest ago and not used since, goes
    await cache.get('h', 'h', read('h'));
    await cache.get('a', 'a', read('a'));
    expect(reads).toEqual([...keys, 'i']);
    await cache.get('b', 'b', read('b'));
    expect(reads).toEqual([...keys, 'i', 'b']);
  });

  it('never keeps a read that overlapped a change, even once that change is forgotten', async () => {
    const changes = toldChanges();
    const cache = createCustomerCache<string>({ changes, unheardTtlMs: 5_000, maxEntries: 1 });
    let release: (value: Read<string>) => void = () => undefined;
    let reads = 0;
    const slowRead = () => {
      reads += 1;
      return new Promise<Read<string>>((resolve) => {
        release = resolve;
      });
    };
    // A read of u1 starts before u1 changes, and ends after u1's change was forgotten (another
    // customer's change took the one place kept for epochs).
    const inFlight = cache.get('u1', 'u1', slowRead);
    changes.announce({ userId: 'u1' });
    changes.announce({ userId: 'u2' });
    release({ value: 'before the change' });
    expect(await inFlight).toBe('before the change');
    const fresh = cache.get('u1', 'u1', slowRead);
    release({ value: 'after the change' });
    expect(await fresh).toBe('after the change');
    expect(reads).toBe(2);
  });
});
