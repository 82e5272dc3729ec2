import { describe, expect, it } from 'vitest';
import { parseEnv } from './env-schema';

describe('the build settings', () => {
  it('default to the same origin for production', () => {
    expect(parseEnv({})).toEqual({
      VITE_API_BASE_URL: undefined,
      VITE_API_FROM_HOST: false,
      VITE_APP_ENV: 'production',
    });
  });

  it('read host-derived addresses and the environment', () => {
    const env = parseEnv({ VITE_API_FROM_HOST: 'true', VITE_APP_ENV: 'staging' });
    expect(env.VITE_API_FROM_HOST).toBe(true);
    expect(env.VITE_APP_ENV).toBe('staging');
    expect(parseEnv({ VITE_API_FROM_HOST: 'false' }).VITE_API_FROM_HOST).toBe(false);
  });

  it('keep an explicit base without its trailing slash', () => {
    expect(parseEnv({ VITE_API_BASE_URL: 'https://api.example.com/v1/' }).VITE_API_BASE_URL).toBe(
      'https://api.example.com/v1',
    );
  });

  it('list every bad value at once', () => {
    expect(() =>
      parseEnv({ VITE_API_BASE_URL: 'api', VITE_API_FROM_HOST: 'maybe', VITE_APP_ENV: 'a b' }),
    ).toThrow(
      /VITE_API_BASE_URL must be a path[\s\S]*VITE_API_FROM_HOST must be true or false[\s\S]*VITE_APP_ENV must be a name/,
    );
  });
});
