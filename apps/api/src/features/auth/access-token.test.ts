import { describe, expect, it } from 'vitest';
import { createAccessTokens } from './access-token';

const secret = 's'.repeat(32);
const claims = {
  sub: '5b0c2d1e-1111-4a2b-9c3d-000000000001',
  sid: '7d1f3c2a-2222-4b3c-8d4e-000000000001',
};

describe('access tokens', () => {
  it('verifies a token it issued, again and again', () => {
    const tokens = createAccessTokens(secret, 900);
    const { token } = tokens.issue(claims);
    expect(tokens.verify(token)).toEqual(claims);
    expect(tokens.verify(token)).toEqual(claims);
  });

  it('refuses a remembered token once it has expired', () => {
    let clock = Date.now();
    const tokens = createAccessTokens(secret, 60, () => clock);
    const { token } = tokens.issue(claims);
    expect(tokens.verify(token)).toEqual(claims);
    clock += 61_000;
    expect(tokens.verify(token)).toBeNull();
  });

  it('refuses tampered tokens, foreign signatures and garbage', () => {
    const tokens = createAccessTokens(secret, 900);
    const { token } = tokens.issue(claims);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const otherPayload = Buffer.from(
      JSON.stringify({ ...claims, sub: '5b0c2d1e-1111-4a2b-9c3d-000000000002' }),
    ).toString('base64url');
    expect(tokens.verify(`${header}.${otherPayload}.${signature}`)).toBeNull();
    expect(tokens.verify(`${header}.${payload}.${signature.slice(0, -2)}xx`)).toBeNull();
    const foreign = createAccessTokens('f'.repeat(32), 900).issue(claims).token;
    expect(tokens.verify(foreign)).toBeNull();
    expect(tokens.verify('not-a-token')).toBeNull();
  });
});

describe('claims that are not ours', () => {
  it('refuses a correctly signed token whose user or session id is not a uuid', () => {
    const tokens = createAccessTokens(secret, 900);
    for (const bad of [
      { ...claims, sid: 'session-1' },
      { ...claims, sid: "x' or 1=1 --" },
      { ...claims, sub: 'not-a-uuid' },
    ]) {
      expect(tokens.verify(tokens.issue(bad).token)).toBeNull();
    }
  });
});
