import { afterEach, describe, expect, it } from 'vitest';
import { landingScreen, preloadLandingScreen } from './landing-screens';

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

const plan = {
  auth: ['/assets/landing-auth-a1.js', '/assets/landing-shared-c3.js'],
  home: ['/assets/landing-home-b2.js', '/assets/landing-shared-c3.js'],
  claim: ['/assets/landing-claim-d4.js'],
};

function withPlan(content: string) {
  const data = document.createElement('script');
  data.type = 'application/json';
  data.id = 'landing-screens';
  data.textContent = content;
  document.body.append(data);
}

const preloaded = () =>
  [...document.head.querySelectorAll('link')].map((link) => ({
    rel: link.rel,
    href: link.getAttribute('href'),
    crossorigin: link.getAttribute('crossorigin'),
  }));

describe('landing screens', () => {
  it('are sign-in, home for a stored session, and a claim link', () => {
    expect(landingScreen('/auth', false)).toBe('auth');
    expect(landingScreen('/auth', true)).toBe('auth');
    expect(landingScreen('/', true)).toBe('home');
    expect(landingScreen('/', false)).toBe('auth');
    expect(landingScreen('/claim/5b1e0a57-1c1f-4b6a-9d8e-3f2a1b0c9d8e', false)).toBe('claim');
    expect(landingScreen('/claim/', false)).toBeNull();
    expect(landingScreen('/profile', true)).toBeNull();
  });

  it("preloads the files the build lists for the address's screen", () => {
    withPlan(JSON.stringify(plan));
    preloadLandingScreen(document, '/', true);
    expect(preloaded()).toEqual([
      { rel: 'modulepreload', href: '/assets/landing-home-b2.js', crossorigin: '' },
      { rel: 'modulepreload', href: '/assets/landing-shared-c3.js', crossorigin: '' },
    ]);
  });

  it('preloads nothing elsewhere, or without a readable list (the development server)', () => {
    withPlan(JSON.stringify(plan));
    preloadLandingScreen(document, '/profile', true);
    expect(preloaded()).toEqual([]);
    document.body.innerHTML = '';
    preloadLandingScreen(document, '/auth', false);
    withPlan('{not json');
    preloadLandingScreen(document, '/auth', false);
    expect(preloaded()).toEqual([]);
  });
});
