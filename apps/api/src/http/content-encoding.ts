import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type ContentEncoding = 'br' | 'gzip' | 'identity';

/**
 * The encoding to answer a request in, by its Accept-Encoding: brotli (the smaller) when the
 * client takes it, else gzip, else none. `q=0` refuses a coding; `*` stands for any not named.
 */
export function preferredEncoding(acceptEncoding: string | string[] | undefined): ContentEncoding {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  if (!header) return 'identity';
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
