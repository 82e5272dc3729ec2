import { readFileSync } from 'node:fs';
import { createSecureContext } from 'node:tls';
import { ConfigError, type Config } from '../config';

export interface ServerTls {
  cert: Buffer;
  key: Buffer;
}

function readPem(name: string, file: string): Buffer {
  try {
    return readFileSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new ConfigError(`Invalid configuration:\n  ${name}: cannot read ${file} (${code})`);
  }
}

/**
 * The certificate chain and key HTTPS is served with (TLS_CERT_FILE, TLS_KEY_FILE), or null for
 * plain HTTP. A file that cannot be read, or a key that does not belong to its certificate, stops
 * the start with a configuration error instead of failing every connection later.
 */
export function readServerTls(
  config: Pick<Config, 'TLS_CERT_FILE' | 'TLS_KEY_FILE'>,
): ServerTls | null {
  if (!config.TLS_CERT_FILE || !config.TLS_KEY_FILE) return null;
  const tls = {
    cert: readPem('TLS_CERT_FILE', config.TLS_CERT_FILE),
    key: readPem('TLS_KEY_FILE', config.TLS_KEY_FILE),
  };
  try {
    createSecureContext(tls);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ConfigError(`Invalid configuration:\n  TLS_CERT_FILE, TLS_KEY_FILE: ${reason}`);
  }
  return tls;
}
