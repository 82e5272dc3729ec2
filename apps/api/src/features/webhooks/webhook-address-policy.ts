import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses a webhook must never reach outside the sandbox: a merchant-chosen URL is fetched by
 * our servers, so without this it could probe our own network (SSRF).
 */
const nonPublic = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const) {
  nonPublic.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  nonPublic.addSubnet(network, prefix, 'ipv6');
}

const localNames = /(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/i;

/** The host of a URL without IPv6 brackets or a trailing dot. */
const bareHost = (url: URL): string => url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  // BlockList matches IPv4-mapped IPv6 (::ffff:10.0.0.1) against the IPv4 ranges too.
  return !nonPublic.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Whether a URL plainly names a private place: a private or loopback IP, or a name such as
 * `localhost` or a single label that only an internal resolver would answer.
 */
export function isPrivateWebhookUrl(url: URL): boolean {
  const host = bareHost(url);
  if (isIP(host) !== 0) return !isPublicAddress(host);
  return !host.includes('.') || localNames.test(host);
}

/**
 * Checked again at delivery: a public name can be pointed at a private address after the
 * endpoint was saved. Answers why the URL is refused, or null when every address is public.
 */
export async function privateAddressProblem(url: URL): Promise<string | null> {
  if (isPrivateWebhookUrl(url)) return 'webhook URL is a private address';
  const host = bareHost(url);
  if (isIP(host) !== 0) return null;
  const addresses = await lookup(host, { all: true });
  return addresses.every((entry) => isPublicAddress(entry.address))
    ? null
    : 'webhook URL resolves to a private address';
}
