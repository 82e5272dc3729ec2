import type { KeyValueStorage } from '../features/auth/token-store';

const memory = new Map<string, string>();

/** Some browsers throw on merely reading `localStorage` (blocked storage); fall back to memory. */
const memoryStorage: KeyValueStorage = {
  getItem: (key) => memory.get(key) ?? null,
  setItem: (key, value) => void memory.set(key, value),
  removeItem: (key) => void memory.delete(key),
};

export function browserStorage(kind: 'localStorage' | 'sessionStorage'): KeyValueStorage {
  try {
    return window[kind];
  } catch {
    return memoryStorage;
  }
}
