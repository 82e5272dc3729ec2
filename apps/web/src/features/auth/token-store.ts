/**
 * SPEC §9's `_ca`, the contracts' ACCESS_TOKEN_STORAGE_KEY (token-store.test.ts holds the two
 * together). Spelt out here because the entry script reads the token before anything else loads,
 * and importing it from the contracts would bring their schemas into that first download.
 */
export const ACCESS_TOKEN_STORAGE_KEY = '_ca';

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The only code that reads or writes the stored access token (`_ca`). */
export interface TokenStore {
  get: () => string | null;
  set: (token: string) => void;
  remove: () => void;
}

export function createTokenStore(storage: KeyValueStorage): TokenStore {
  // Storage can throw (blocked cookies, private modes); signed-out is the safe reading then.
  return {
    get() {
      try {
        return storage.getItem(ACCESS_TOKEN_STORAGE_KEY) || null;
      } catch {
        return null;
      }
    },
    set(token) {
      try {
        storage.setItem(ACCESS_TOKEN_STORAGE_KEY, token);
      } catch {
        // Without storage the token lives only as long as the refresh cookie allows.
      }
    },
    remove() {
      try {
        storage.removeItem(ACCESS_TOKEN_STORAGE_KEY);
      } catch {
        // Nothing stored, nothing to remove.
      }
    },
  };
}
