import { ConfigError, loadConfig } from '../config';
import { localhostCertificate } from '../../test/support/localhost-certificate';
import { describe, expect, it } from 'vitest';
import { readServerTls } from './tls';

describe('serving HTTPS (TLS_CERT_FILE, TLS_KEY_FILE)', () => {
  it('takes the certificate and key together, or neither', () => {
    expect(() => loadConfig({ TLS_CERT_FILE: '/etc/tls/cert.pem' })).toThrow(
      /TLS_KEY_FILE: required with TLS_CERT_FILE/,
    );
    expect(() => loadConfig({ TLS_KEY_FILE: '/etc/tls/key.pem' })).toThrow(
      /TLS_CERT_FILE: required with TLS_KEY_FILE/,
    );
    expect(readServerTls(loadConfig({}))).toBeNull();
  });

  it('builds links on https when it serves HTTPS and no public address is given', () => {
    const config = loadConfig({ TLS_CERT_FILE: 'c.pem', TLS_KEY_FILE: 'k.pem', PORT: '8443' });
    expect(config.PUBLIC_URL).toBe('https://localhost:8443');
    expect(loadConfig({ PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080');
  });

  it('reads both files, and refuses files it cannot read or a key of another certificate', () => {
    const one = localhostCertificate();
    const other = localhostCertificate();
    const tls = readServerTls({ TLS_CERT_FILE: one.certFile, TLS_KEY_FILE: one.keyFile });
    expect(tls?.cert.equals(one.cert)).toBe(true);

    const missing = () =>
      readServerTls({ TLS_CERT_FILE: `${one.certFile}.gone`, TLS_KEY_FILE: one.keyFile });
    expect(missing).toThrow(ConfigError);
    expect(missing).toThrow(/TLS_CERT_FILE: cannot read .*\.gone \(ENOENT\)/);

    const mismatched = () =>
      readServerTls({ TLS_CERT_FILE: one.certFile, TLS_KEY_FILE: other.keyFile });
    expect(mismatched).toThrow(ConfigError);
    expect(mismatched).toThrow(/TLS_CERT_FILE, TLS_KEY_FILE: .*mismatch/i);
  });
});
