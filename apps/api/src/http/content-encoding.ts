import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type ContentEncoding = 'br' | 'gzip' | 'identity';

/**
 * The encoding to answer a request in, by its Accept-Encoding: brotli (the smaller) when the
 * client takes it, else gzip, else none. `q=0` refuses a coding; `*` stands for any not named.
 * Browsers send one of a handful of values, each on every request: the answer to each recent one
 * is kept rather than worked out again (a quarter of a cached catalog page's own work).
 */
export function preferredEncoding(acceptEncoding: string | string[] | undefined): ContentEncoding {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  if (!header) return 'identity';
  const known = recentAnswers.get(header);
  if (known) return known;
  const chosen = encodingFor(header);
  if (header.length <= RECENT_MAX_LENGTH) {
    // The oldest makes room: a client sending new values each time cannot grow the memory.
    if (recentAnswers.size >= RECENT_MAX) recentAnswers.delete(recentAnswers.keys().next().value!);
    recentAnswers.set(header, chosen);
  }
  return chosen;
}

/** Accept-Encoding values answered lately, with their answers; the oldest first. */
const recentAnswers = new Map<string, ContentEncoding>();
const RECENT_MAX = 64;
/** Longer values (no browser sends one) are worked out each time and not kept. */
const RECENT_MAX_LENGTH = 200;

function encodingFor(header: string): ContentEncoding {
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    if (name) weights.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const accepts = (coding: string) => (weights.get(coding) ?? weights.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return 'identity';
}

/**
 * The body in one coding: at the highest levels for what is compressed once and sent for good
 * (the web app's files), or fast for what is compressed once for one answer among many.
 */
export function compressedAs(body: Buffer, coding: 'br' | 'gzip', effort: 'most' | 'fast'): Buffer {
  if (coding === 'gzip') {
    return gzipSync(body, { level: effort === 'most' ? constants.Z_BEST_COMPRESSION : 6 });
  }
  return brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: effort === 'most' ? constants.BROTLI_MAX_QUALITY : 5,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

/** One body in each encoding, compressed once at the highest levels. */
export function compressedVariants(body: Buffer): Record<ContentEncoding, Buffer> {
  return {
    br: compressedAs(body, 'br', 'most'),
    gzip: compressedAs(body, 'gzip', 'most'),
    identity: body,
  };
}
