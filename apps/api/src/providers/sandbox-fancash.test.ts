import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createSandboxFanCash,
  sandboxFanCash,
  sandboxFanCashCode,
  sandboxFanCashFans,
} from './sandbox-fancash';
import { ProviderHttpError } from './vendor-http';

const LINK_PAGE = 'http://localhost:3000/v1/sandbox/fancash-link';
const program = (postSeconds = 30) => createSandboxFanCash({ postSeconds, linkPageUrl: LINK_PAGE });
const credit = (amountCents: number, fanId = 'FAN-SANDBOX-0001') => ({
  externalReferenceId: randomUUID(),
  fanId,
  amountCents,
});

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the sandbox FanCash program', () => {
  it('sends the person to the sandbox link page with the state and the return address', () => {
    const url = new URL(
      program().authorizeUrl({ state: 'st&te 1', redirectUri: 'http://localhost:5173/fancash' }),
    );
    expect(`${url.origin}${url.pathname}`).toBe(LINK_PAGE);
    expect(url.searchParams.get('state')).toBe('st&te 1');
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:5173/fancash');
  });

  it('links the fan the page chose, in any process, and refuses a code it did not make', async () => {
    const [fan] = sandboxFanCashFans('state-1');
    if (!fan) throw new Error('no sandbox fans');
    // Each sign-in offers fans of its own (a fan belongs to one customer), the same on every visit.
    expect(fan.fanId).toMatch(/^FAN-SANDBOX-0001-[0-9a-f]{10}$/);
    expect(sandboxFanCashFans('state-1')).toEqual(sandboxFanCashFans('state-1'));
    expect(sandboxFanCashFans('state-2')[0]?.fanId).not.toBe(fan.fanId);
    const code = sandboxFanCashCode(fan);
    // A different instance (another process) completes the link: nothing is kept between them.
    expect(await program().completeLink({ code, redirectUri: 'http://x/cb' })).toEqual(fan);
    expect(
      await program().completeLink({
        code: sandboxFanCashCode({ fanId: 'FAN-ANY-42', displayName: 'Sam Ü.' }),
        redirectUri: 'http://x/cb',
      }),
    ).toEqual({ fanId: 'FAN-ANY-42', displayName: 'Sam Ü.' });
    for (const bad of ['nope', 'sbx-fan.', 'sbx-fan.e30', `sbx-fan.${'%'.repeat(4)}`]) {
      const error = await program()
        .completeLink({ code: bad, redirectUri: 'http://x/cb' })
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ProviderHttpError);
      expect(error).toMatchObject({ status: 400, vendorCode: 'invalid_grant' });
    }
    expect(() => sandboxFanCashCode({ fanId: 'has spaces', displayName: 'X' })).toThrow();
  });

  it('credits after postSeconds, once per reference', async () => {
    const fancash = program(30);
    const input = credit(2_500);
    expect(await fancash.credit(input)).toEqual({ status: 'pending' });
    expect(await fancash.lookupCredit(input.externalReferenceId)).toEqual({ status: 'pending' });
    vi.advanceTimersByTime(29_000);
    expect(await fancash.credit(input)).toEqual({ status: 'pending' });
    vi.advanceTimersByTime(1_000);
    const credited = await fancash.lookupCredit(input.externalReferenceId);
    expect(credited).toEqual({
      status: 'credited',
      creditId: `sbx_fc~${input.externalReferenceId}`,
    });
    // A duplicate reference answers the first credit, even asking something else.
    expect(await fancash.credit({ ...input, amountCents: 9_900 })).toEqual(credited);
    expect(await fancash.lookupCredit(randomUUID())).toEqual({ status: 'not_found' });
  });

  it('credits at once with postSeconds 0', async () => {
    const fancash = program(0);
    expect(await fancash.credit(credit(1_000))).toMatchObject({ status: 'credited' });
  });

  it('refuses the unlinked fan at once, and the failing amount once processed', async () => {
    const fancash = program(30);
    const unlinked = credit(1_000, sandboxFanCash.unlinkedFanId);
    expect(await fancash.credit(unlinked)).toEqual({ status: 'failed', reason: 'fan_not_linked' });
    expect(await fancash.lookupCredit(unlinked.externalReferenceId)).toEqual({
      status: 'not_found',
    });

    const refused = credit(sandboxFanCash.failingAmountCents);
    expect(await fancash.credit(refused)).toEqual({ status: 'pending' });
    vi.advanceTimersByTime(30_000);
    expect(await fancash.lookupCredit(refused.externalReferenceId)).toEqual({
      status: 'failed',
      reason: 'amount_not_allowed',
    });
    expect(await fancash.credit(refused)).toEqual({
      status: 'failed',
      reason: 'amount_not_allowed',
    });

    const held = credit(sandboxFanCash.pendingCents);
    expect(await fancash.credit(held)).toEqual({ status: 'pending' });
    vi.advanceTimersByTime(24 * 3_600_000);
    expect(await fancash.lookupCredit(held.externalReferenceId)).toEqual({ status: 'pending' });
  });
});
