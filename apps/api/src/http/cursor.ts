import { z } from 'zod';
import { DomainError } from '../domain/domain-error';

/**
 * Opaque keyset cursors over (timestamp, id): base64url of the JSON pair `[time, uuid]`.
 *
 * A cursor comes back from the client, so it is decoded as strictly as any other input: the
 * canonical base64url of exactly that pair, the time an ISO instant (UTC, a real calendar date)
 * between 1970 and 9999, the id a real UUID. Anything else, including a well-formed cursor this
 * API could never have issued (year 0000, year 275760, an id of 36 dashes), is a 400 before the
 * database sees it.
 */

const EARLIEST = Date.UTC(1970, 0, 1);
const LATEST = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
const BASE64URL = /^[A-Za-z0-9_-]{1,200}$/;

const inRange = (at: string): boolean => {
  const time = new Date(at).getTime();
  return time >= EARLIEST && time <= LATEST;
};

const cursorPair = (precision: 3 | 6) =>
  z.tuple([z.iso.datetime({ precision }).refine(inRange), z.uuid()]);

/** Milliseconds, as Date#toISOString writes them. */
const millisecondCursor = cursorPair(3);
/** Microseconds, the database's own precision. */
const microsecondCursor = cursorPair(6);

const refused = () =>
  new DomainError('VALIDATION_FAILED', 'cursor: not a cursor this API gave out');

/** The JSON a cursor spells, read only from its canonical base64url; else a 400. */
function readJson(cursor: string): unknown {
  if (!BASE64URL.test(cursor)) throw refused();
  const bytes = Buffer.from(cursor, 'base64url');
  // Base64url decoding skips what it cannot read; only the canonical spelling is accepted.
  if (bytes.toString('base64url') !== cursor) throw refused();
  try {
    return JSON.parse(bytes.toString('utf8')) as unknown;
  } catch {
    throw refused();
  }
}

function read(cursor: string, pair: typeof millisecondCursor): { at: string; id: string } {
  const parsed = pair.safeParse(readJson(cursor));
  if (!parsed.success) throw refused();
  const [at, id] = parsed.data;
  return { at, id };
}

function encode(at: string, id: string): string {
  return Buffer.from(JSON.stringify([at, id])).toString('base64url');
}

/** A cursor at a JavaScript Date (millisecond precision). */
export function encodeCursor(at: Date, id: string): string {
  return encode(at.toISOString(), id);
}

export function decodeCursor(cursor: string): { at: Date; id: string } {
  const { at, id } = read(cursor, millisecondCursor);
  return { at: new Date(at), id };
}

/**
 * A cursor at a time written by the database with microseconds (`YYYY-MM-DDTHH:MM:SS.ffffffZ`),
 * for lists whose rows can share a millisecond: a Date would round them together and skip some.
 */
export function encodeExactCursor(at: string, id: string): string {
  return encode(at, id);
}

export function decodeExactCursor(cursor: string): { at: string; id: string } {
  return read(cursor, microsecondCursor);
}

/** A cursor at a position in a sequence (a ledger entry's `seq`): base64url of `[n]`. */
export function encodeSeqCursor(seq: number): string {
  return Buffer.from(JSON.stringify([seq])).toString('base64url');
}

export function decodeSeqCursor(cursor: string): number {
  const parsed = seqCursor.safeParse(readJson(cursor));
  if (!parsed.success) throw refused();
  return parsed.data[0];
}

const seqCursor = z.tuple([z.number().int().positive().max(Number.MAX_SAFE_INTEGER)]);
