import { UAParser } from 'ua-parser-js';

/** Names as the customer knows them, where the parser's differ. */
const OS_NAMES: Record<string, string> = { 'Mac OS': 'macOS', 'Chromium OS': 'ChromeOS' };

/**
 * How a device is named in the customer's security activity: its browser and system, e.g.
 * "Chrome on Android", "Safari on iOS"; either alone when only one is known; null for a
 * User-Agent that names neither (a script, a missing header).
 */
export function deviceName(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const parser = new UAParser(userAgent);
  // "Mobile Safari", "Mobile Firefox": the system already says it is a phone.
  const browser = parser.getBrowser().name?.replace(/^Mobile /, '') ?? null;
  const osName = parser.getOS().name ?? null;
  const os = osName ? (OS_NAMES[osName] ?? osName) : null;
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os;
}
