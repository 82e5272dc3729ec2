import { describe, expect, it } from 'vitest';
import { signIncreaseWebhook, verifyIncreaseWebhookSignature } from './increase-webhook-signature';

// The example Increase publishes with its client libraries.
const secret = 'whsec_zlFsbBZ8Xcodlpcu6NDTdSzZRLSdhkst';
const payload = '{"id":"event_123abc","created_at":"2020-01-31T23:59:59Z"}';
const header =
  't=2022-01-31T23:59:59Z,v1=3f9c3dcc820ca3adfae8e196d05b09dfef63b91db5ce5ac1407090f2aa424a6f';
const signedAt = new Date('2022-01-31T23:59:59Z');

describe("Increase's webhook signature", () => {
  it("accepts Increase's published example", () => {
    expect(verifyIncreaseWebhookSignature(secret, header, payload, { now: signedAt })).toBe(true);
    expect(
      verifyIncreaseWebhookSignature(secret, header, Buffer.from(payload), { now: signedAt }),
    ).toBe(true);
  });

  it('signs the way Increase does', () => {
    expect(signIncreaseWebhook(secret, payload, signedAt)).toBe(header);
  });

  it.each([
    ['another secret', 'invalid secret', header, payload],
    ['another body', secret, header, `${payload}\n`],
    ['no header', secret, undefined, payload],
    ['no v1', secret, 't=2022-01-31T23:59:59Z', payload],
    ['a short v1', secret, 't=2022-01-31T23:59:59Z,v1=3f9c3dcc', payload],
    ['a unix timestamp', secret, header.replace('2022-01-31T23:59:59Z', '1643673599'), payload],
    ['a changed timestamp', secret, header.replace(':59Z', ':58Z'), payload],
  ])('refuses %s', (_case, key, signature, body) => {
    expect(verifyIncreaseWebhookSignature(key, signature, body, { now: signedAt })).toBe(false);
  });

  it('refuses a signature older or newer than five minutes, and accepts one within', () => {
    const at = (ms: number) => ({ now: new Date(signedAt.getTime() + ms) });
    expect(verifyIncreaseWebhookSignature(secret, header, payload, at(299_000))).toBe(true);
    expect(verifyIncreaseWebhookSignature(secret, header, payload, at(-299_000))).toBe(true);
    expect(verifyIncreaseWebhookSignature(secret, header, payload, at(301_000))).toBe(false);
    expect(verifyIncreaseWebhookSignature(secret, header, payload, at(-301_000))).toBe(false);
  });

  it('accepts any matching v1 among several, as while a secret is rotated', () => {
    const rotated = `${header.split(',')[0]},v1=${'0'.repeat(64)},${header.split(',')[1]}`;
    expect(verifyIncreaseWebhookSignature(secret, rotated, payload, { now: signedAt })).toBe(true);
  });
});
