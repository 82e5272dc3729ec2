import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Addresses a webhook may reach outside the sandbox: a merchant-chosen URL is fetched by our
 * servers, so anything but a plain public address could probe our own network (SSRF). ipaddr.js
 * names every special range (loopback, private, link-local, unique-local, CGNAT, documentation,
 * multicast...); only its "unicast" is public. IPv6 must moreover be global unicast (2000::/3),
 * which leaves out every form that wraps an IPv4 address: IPv4-mapped (::ffff:a.b.c.d),
 * IPv4-compatible (::a.b.c.d), 6to4 (2002::/16), Teredo (2001::/32) and NAT64 (64:ff9b::/96).
 */
const globalUnicast = ipaddr.IPv6.parseCIDR('2000::/3');

const localNames = /(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/i;

/** The host of a URL without IPv6 brackets or a trailing dot. */
const bareHost = (url: URL): string => url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');

/**
 * Whether an IP address (as a URL or a resolver writes it) is a public one. Hostnames in URLs
 * arrive normalised: decimal, octal and hex IPv4 (http://2130706433/, http://0x7f.1/) are
 * dotted quads by then, and 0 is 0.0.0.0.
 */
export function isPublicAddress(address: string): boolean {
  if (isIP(address) === 0) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.range() !== 'unicast') return false;
  return parsed.kind() === 'ipv4' || (parsed as ipaddr.IPv6).match(globalUnicast);
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
