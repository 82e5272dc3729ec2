import { parse } from 'tldts';

/**
 * The registrable domain of a host name by the public suffix list ('app.refundwallet.co.uk' →
 * 'refundwallet.co.uk'), or null where there is none: localhost, IP addresses.
 */
export function registrableDomain(hostname: string): string | null {
  const host = parse(hostname);
  if (host.isIp || host.domain === null || host.publicSuffix === 'localhost') return null;
  return host.domain;
}
