import { describe, expect, it, vi } from 'vitest';
import { intakeLaunchUrl } from './launch-url';
import { createReturnPathStore } from './return-path';

function setup(previouslyRemembered?: string) {
  const storage = new Map<string, string>();
  const returnPaths = createReturnPathStore({
    getItem: (key) => storage.get(key) ?? null,
    setItem: (key, value) => void storage.set(key, value),
    removeItem: (key) => void storage.delete(key),
  });
  if (previouslyRemembered) returnPaths.remember(previouslyRemembered);
  const replaceUrl = vi.fn<(url: string) => void>();
  const open = (url: string) => {
    const { pathname, search, hash } = new URL(url, 'https://app.example');
    return intakeLaunchUrl({ pathname, search, hash }, { returnPaths, replaceUrl });
  };
  return { returnPaths, replaceUrl, open };
}

describe('launch address', () => {
  it('remembers the requested path with its query', () => {
    const { open, returnPaths, replaceUrl } = setup();
    expect(open('/refunds-history?page=2')).toEqual({ accessToken: null });
    expect(returnPaths.peek()).toBe('/refunds-history?page=2');
    expect(replaceUrl).not.toHaveBeenCalled();
  });

  it('takes an access_token out of the address with a replace, keeping the rest', () => {
    const { open, returnPaths, replaceUrl } = setup();
    const intake = open('/profile?access_token=tok123&tab=2#top');
    expect(intake.accessToken).toBe('tok123');
    expect(replaceUrl).toHaveBeenCalledWith('/profile?tab=2#top');
    expect(returnPaths.peek()).toBe('/profile?tab=2');
  });

  it('leaves a bare path when access_token was the only parameter', () => {
    const { open, replaceUrl } = setup();
    open('/?access_token=tok123');
    expect(replaceUrl).toHaveBeenCalledWith('/');
  });

  it('prefers next over the requested path', () => {
    const { open, returnPaths } = setup();
    open('/auth?next=%2Fredeem%2Fbank%3Famount%3D500');
    expect(returnPaths.peek()).toBe('/redeem/bank?amount=500');
  });

  it('ignores a next that leaves the site or points at a claim link', () => {
    const offSite = setup();
    offSite.open('/auth?next=https://evil.example');
    expect(offSite.returnPaths.peek()).toBeNull();

    const claim = setup();
    claim.open('/profile?next=/claim/6a1f');
    expect(claim.returnPaths.peek()).toBe('/profile?next=%2Fclaim%2F6a1f');
  });

  it('remembers nothing for a claim link, dropping a stale path', () => {
    const { open, returnPaths } = setup('/profile');
    open('/claim/6a1f?utm=sms');
    expect(returnPaths.peek()).toBeNull();
  });

  it('keeps the remembered path through a reload of a sign-in page', () => {
    const { open, returnPaths } = setup('/redeem/debit');
    open('/verify-account');
    expect(returnPaths.peek()).toBe('/redeem/debit');
  });
});
