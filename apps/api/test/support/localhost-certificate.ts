import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface LocalhostCertificate {
  certFile: string;
  keyFile: string;
  /** The certificate itself, for clients to trust. */
  cert: Buffer;
}

/** A self-signed certificate for localhost and 127.0.0.1 and its key, in a folder of their own. */
export function localhostCertificate(): LocalhostCertificate {
  const dir = mkdtempSync(path.join(tmpdir(), 'tls-'));
  const certFile = path.join(dir, 'cert.pem');
  const keyFile = path.join(dir, 'key.pem');
  const make = 'req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2';
  const name = ['-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1'];
  execFileSync('openssl', [...make.split(' '), ...name, '-keyout', keyFile, '-out', certFile], {
    stdio: 'pipe',
  });
  return { certFile, keyFile, cert: readFileSync(certFile) };
}
