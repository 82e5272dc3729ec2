import { expect } from 'vitest';
import type { FanCashLinkView } from '@refund/contracts/fancash';
import type { SignedIn } from './people';
import { call, type TestServer } from './test-server';

/**
 * Starts a FanCash link and follows the sandbox sign-in page's link for the fan named
 * `displayName`: what the page sends the customer back to /redeem/fancash with.
 */
export async function signInAtSandbox(
  server: TestServer,
  person: SignedIn,
  displayName: string,
): Promise<{ state: string; code: string }> {
  const started = await call(server.app, 'POST', '/v1/fancash/link/start', undefined, {
    token: person.accessToken,
  });
  expect(started.statusCode, started.body).toBe(200);
  const authorize = new URL((started.json() as { authorize_url: string }).authorize_url);
  expect(authorize.pathname).toBe('/v1/sandbox/fancash-link');
  const page = await call(server.app, 'GET', `${authorize.pathname}${authorize.search}`);
  expect(page.statusCode).toBe(200);
  expect(page.headers['content-security-policy']).toContain("default-src 'none'");
  const name = displayName.replace(/[()]/g, (c) => `\\${c}`);
  const href = new RegExp(`<a href="([^"]+)">Link as ${name}</a>`).exec(page.body)?.[1];
  if (!href) throw new Error(`no link for ${displayName}`);
  const back = new URL(href.replaceAll('&#38;', '&'));
  expect(`${back.origin}${back.pathname}`).toBe(
    new URL('/redeem/fancash', server.config.PUBLIC_URL).toString(),
  );
  return { state: back.searchParams.get('state') ?? '', code: back.searchParams.get('code') ?? '' };
}

/** Links the sandbox fan named `displayName` to the person's account; answers the link. */
export async function linkSandboxFan(
  server: TestServer,
  person: SignedIn,
  displayName: string,
): Promise<FanCashLinkView> {
  const back = await signInAtSandbox(server, person, displayName);
  const linked = await call(server.app, 'POST', '/v1/fancash/link/complete', back, {
    token: person.accessToken,
  });
  expect(linked.statusCode, linked.body).toBe(200);
  return linked.json() as FanCashLinkView;
}
