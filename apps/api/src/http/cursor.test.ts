import { describe, expect, it } from 'vitest';
import { decodeCursor, decodeExactCursor, encodeCursor, encodeExactCursor } from './cursor';

const id = '7f0c2a4e-3b1d-4c5e-9f6a-1b2c3d4e5f60';
const raw = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('cursors', () => {
  it('round-trip what the API issues', () => {
    const at = new Date('2026-11-23T12:34:56.789Z');
    expect(decodeCursor(encodeCursor(at, id))).toEqual({ at, id });
    const exact = '2026-11-23T12:34:56.789123Z';
    expect(decodeExactCursor(encodeExactCursor(exact, id))).toEqual({ at: exact, id });
  });

  it.each([
    ['year 0000', raw(['0000-01-01T00:00:00.000Z', id])],
    ['year +275760', raw(['+275760-09-13T00:00:00.000Z', id])],
    ['year -271821', raw(['-271821-04-20T00:00:00.000Z', id])],
    ['before 1970', raw(['1969-12-31T23:59:59.999Z', id])],
    ['31 February', raw(['2026-02-31T00:00:00.000Z', id])],
    ['hour 24', raw(['2026-01-01T24:00:00.000Z', id])],
    ['a time with an offset', raw(['2026-01-01T00:00:00.000+02:00', id])],
    ['a date without a time', raw(['2026-01-01', id])],
    ['a number for the time', raw([1_700_000_000_000, id])],
    ['an id of 36 dashes', raw(['2026-01-01T00:00:00.000Z', '-'.repeat(36)])],
    ['an id that is not a uuid', raw(['2026-01-01T00:00:00.000Z', 'g'.repeat(36)])],
    ['a third element', raw(['2026-01-01T00:00:00.000Z', id, 'x'])],
    ['an object', raw({ at: '2026-01-01T00:00:00.000Z', id })],
    ['not JSON', Buffer.from('not json').toString('base64url')],
    ['not base64url', 'abc$def'],
    ['padding', `${raw(['2026-01-01T00:00:00.000Z', id])}==`],
    ['a NUL byte', `${raw(['2026-01-01T00:00:00.000Z', id])}\u0000`],
    ['nothing', ''],
  ])('refuse %s with a 400 in the error shape', (_case, cursor) => {
    for (const decode of [decodeCursor, decodeExactCursor]) {
      let caught: unknown;
      try {
        decode(cursor);
      } catch (error) {
        caught = error;
      }
      // A validation refusal: 400 in the error shape on the wire (test/cursors.test.ts).
      expect(caught).toMatchObject({
        errorName: 'VALIDATION_FAILED',
        message: 'cursor: not a cursor this API gave out',
      });
    }
  });

  it('each precision takes only its own times', () => {
    expect(() => decodeCursor(raw(['2026-01-01T00:00:00.000123Z', id]))).toThrow();
    expect(() => decodeExactCursor(raw(['2026-01-01T00:00:00.000Z', id]))).toThrow();
  });
});
