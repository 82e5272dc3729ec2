import type { z } from 'zod';

/**
 * One JSON value in session storage, read back through its schema: a reload keeps it, a new
 * tab does not. Storage that throws (blocked, private modes) reads as empty.
 */
export interface SessionSlot<T> {
  read: () => T | null;
  write: (value: T) => void;
  clear: () => void;
}

export function sessionSlot<S extends z.ZodType>(
  key: string,
  schema: S,
  storage: () => Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = () => sessionStorage,
): SessionSlot<z.output<S>> {
  return {
    read() {
      try {
        const saved = storage().getItem(key);
        if (!saved) return null;
        const result = schema.safeParse(JSON.parse(saved));
        return result.success ? (result.data as z.output<S>) : null;
      } catch {
        return null;
      }
    },
    write(value) {
      try {
        storage().setItem(key, JSON.stringify(value));
      } catch {
        // Router state still carries the value for this visit.
      }
    },
    clear() {
      try {
        storage().removeItem(key);
      } catch {
        // Nothing saved.
      }
    },
  };
}
