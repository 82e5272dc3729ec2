import { AppError } from './app-error';

/** Opaque keyset cursor over (timestamp, id). */
export function encodeCursor(at: Date, id: string): string {
  return Buffer.from(JSON.stringify([at.toISOString(), id])).toString('base64url');
}

export function decodeCursor(cursor: string): { at: Date; id: string } {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [
      unknown,
      unknown,
    ];
    const date = typeof at === 'string' ? new Date(at) : null;
    if (
      !date ||
      Number.isNaN(date.getTime()) ||
      typeof id !== 'string' ||
      !/^[0-9a-f-]{36}$/i.test(id)
    )
      throw new Error();
    return { at: date, id };
  } catch {
    throw new AppError('VALIDATION_FAILED', 'cursor: not a cursor this API gave out');
  }
}
