import { ACCESS_TOKEN_STORAGE_KEY as contractKey } from '@refund/contracts/auth';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_STORAGE_KEY, createTokenStore } from './token-store';

describe('the stored access token', () => {
  it('lives under the key the contracts name', () => {
    expect(ACCESS_TOKEN_STORAGE_KEY).toBe(contractKey);
    const storage = new Map<string, string>();
    const store = createTokenStore({
      getItem: (key) => storage.get(key) ?? null,
      setItem: (key, value) => void storage.set(key, value),
      removeItem: (key) => void storage.delete(key),
    });
    store.set('token-1');
    expect(storage.get(contractKey)).toBe('token-1');
    expect(store.get()).toBe('token-1');
    store.remove();
    expect(store.get()).toBeNull();
  });

  it('reads as signed out when storage throws', () => {
    const store = createTokenStore({
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
      removeItem: () => {
        throw new Error('blocked');
      },
    });
    store.set('token-1');
    expect(store.get()).toBeNull();
  });
});
