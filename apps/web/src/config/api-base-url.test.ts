import { describe, expect, it } from 'vitest';
import { apiBaseUrl as withDomains, type ApiBaseSettings } from './api-base-url';
import { registrableDomain } from './registrable-domain';

const apiBaseUrl = (page: { protocol: string; hostname: string }, settings: ApiBaseSettings) =>
  withDomains(page, settings, registrableDomain);

const fromHost: ApiBaseSettings = {
  explicitBaseUrl: undefined,
  fromHost: true,
  appEnv: 'production',
};
const page = (hostname: string, protocol = 'https:') => ({ protocol, hostname });

describe('the API base address', () => {
  it('is the api subdomain of the registrable domain, under /v1', () => {
    expect(apiBaseUrl(page('app.refundwallet.com'), fromHost)).toBe(
      'https://api.refundwallet.com/v1',
    );
    expect(apiBaseUrl(page('refundwallet.com'), fromHost)).toBe('https://api.refundwallet.com/v1');
    expect(apiBaseUrl(page('a.b.refundwallet.com'), fromHost)).toBe(
      'https://api.refundwallet.com/v1',
    );
  });

  it('knows multi-part public suffixes such as co.uk', () => {
    expect(apiBaseUrl(page('app.refundwallet.co.uk'), fromHost)).toBe(
      'https://api.refundwallet.co.uk/v1',
    );
  });

  it('adds a non-production environment to the subdomain', () => {
    expect(apiBaseUrl(page('app.refundwallet.com'), { ...fromHost, appEnv: 'staging' })).toBe(
      'https://api-staging.refundwallet.com/v1',
    );
    expect(apiBaseUrl(page('app.refundwallet.com'), { ...fromHost, appEnv: 'Production' })).toBe(
      'https://api.refundwallet.com/v1',
    );
  });

  it('keeps the page protocol', () => {
    expect(apiBaseUrl(page('app.refundwallet.com', 'http:'), fromHost)).toBe(
      'http://api.refundwallet.com/v1',
    );
  });

  it('stays the same origin /v1 on localhost and IP addresses', () => {
    for (const hostname of ['localhost', 'app.localhost', '127.0.0.1', '192.168.1.7', '::1']) {
      expect(apiBaseUrl(page(hostname, 'http:'), fromHost)).toBe('/v1');
    }
  });

  it('stays the same origin /v1 unless the build asked for host-derived addresses', () => {
    expect(apiBaseUrl(page('app.refundwallet.com'), { ...fromHost, fromHost: false })).toBe('/v1');
  });

  it('uses an explicit base whatever the host', () => {
    const settings = { ...fromHost, explicitBaseUrl: 'https://edge.example.net/v1' };
    expect(apiBaseUrl(page('app.refundwallet.com'), settings)).toBe('https://edge.example.net/v1');
    expect(apiBaseUrl(page('localhost'), settings)).toBe('https://edge.example.net/v1');
  });

  it('stays the same origin /v1 in a build that left host-derived addresses out', () => {
    expect(withDomains(page('app.refundwallet.com'), fromHost)).toBe('/v1');
  });
});
