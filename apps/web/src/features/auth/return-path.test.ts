import { describe, expect, it } from 'vitest';
import { createReturnPathStore, internalPath } from './return-path';

function store(routes: readonly string[] = []) {
  const storage = new Map<string, string>();
  return createReturnPathStore(
    {
      getItem: (key) => storage.get(key) ?? null,
      setItem: (key, value) => void storage.set(key, value),
      removeItem: (key) => void storage.delete(key),
    },
    routes,
  );
}

describe('return path', () => {
  it('hands back the remembered path with its query, once', () => {
    const paths = store();
    paths.remember('/refunds-history?page=2&sort=desc');
    expect(paths.take('/verify-account')).toBe('/refunds-history?page=2&sort=desc');
    expect(paths.take('/verify-account')).toBe('/');
  });

  it.each(['/claim/6a1f', '/claim/6a1f?ref=sms', '/CLAIM/abc/'])('never remembers %s', (path) => {
    const paths = store();
    paths.remember(path);
    expect(paths.peek()).toBeNull();
  });

  it('remembers a magic link: it asks before it confirms, so signing in first leads back to it', () => {
    const paths = store();
    paths.remember('/intent?id=4Zl1r5b0Xq9tmV2yQ8kA');
    expect(paths.peek()).toBe('/intent?id=4Zl1r5b0Xq9tmV2yQ8kA');
  });

  it('remembers other claim pages, which are not of the form /claim/{id}', () => {
    const paths = store();
    paths.remember('/claim-refund');
    expect(paths.peek()).toBe('/claim-refund');
  });

  it.each(['/auth', '/auth?mode=signup', '/verify-account'])(
    'does not remember sign-in page %s',
    (path) => {
      const paths = store();
      paths.remember(path);
      expect(paths.peek()).toBeNull();
    },
  );

  it("remembers a page it is given besides the app's own (a method's screen), and no other", () => {
    const paths = store(['/redeem/paypal/:accountId']);
    paths.remember('/redeem/paypal/acct-7?amount=20');
    expect(paths.peek()).toBe('/redeem/paypal/acct-7?amount=20');
    const without = store();
    without.remember('/redeem/paypal/acct-7?amount=20');
    expect(without.peek()).toBeNull();
  });

  it('keeps the first request when later ones only fill a gap', () => {
    const paths = store();
    paths.rememberIfEmpty('/profile');
    paths.rememberIfEmpty('/redeem/bank');
    expect(paths.peek()).toBe('/profile');
  });

  it('sends a customer on a sign-in page home, and leaves anyone else where they are', () => {
    expect(store().take('/auth')).toBe('/');
    expect(store().take('/verify-account')).toBe('/');
    expect(store().take('/claim-refund')).toBeNull();
  });

  it.each(['https://evil.example/x', '//evil.example/x', '/\\evil.example', 'profile', ''])(
    'refuses %j as a place to return to',
    (value) => {
      const paths = store();
      paths.remember(value);
      expect(paths.peek()).toBeNull();
      expect(internalPath(value)).toBeNull();
    },
  );
});
