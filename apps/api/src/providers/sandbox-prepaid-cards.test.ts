import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSandboxPrepaidCards, sandboxPrepaidAmounts } from './sandbox-prepaid-cards';

const luhnValid = (number: string) =>
  [...number].reverse().reduce((sum, char, i) => {
    const digit = Number(char) * (i % 2 === 1 ? 2 : 1);
    return sum + (digit > 9 ? digit - 9 : digit);
  }, 0) %
    10 ===
  0;

afterEach(() => {
  vi.useRealTimers();
});

describe('the sandbox prepaid card issuer', () => {
  it('issues an inactive card after the fulfilment delay, once per reference', async () => {
    // The clock is the test's: the delay passes when the test says so, not after a wait.
    vi.useFakeTimers({ toFake: ['Date'] });
    const issuer = createSandboxPrepaidCards({ fulfilSeconds: 0.05 });
    const holder = await issuer.cardholder(randomUUID(), {
      firstName: 'Alex',
      lastName: 'Morgan',
      email: 'alex.morgan@example.com',
      phone: '+12025550143',
      address: { line1: '1 Main St', line2: null, city: 'Denver', state: 'CO', zipcode: '80202' },
    });
    const input = { reference: randomUUID(), issuerCardholderId: holder, amountCents: 2_500 };
    expect(await issuer.issue(input)).toEqual({ status: 'processing' });
    expect(await issuer.lookup(input)).toEqual({ status: 'processing' });
    vi.advanceTimersByTime(49);
    expect(await issuer.lookup(input)).toEqual({ status: 'processing' });
    vi.advanceTimersByTime(1);
    const issued = await issuer.issue(input);
    expect(issued).toMatchObject({ status: 'issued', card: { status: 'inactive' } });
    expect(await issuer.lookup(input)).toEqual(issued);
    expect(await issuer.lookup({ ...input, reference: randomUUID() })).toEqual({
      status: 'not_found',
    });
  });

  it('activates a card, shows its balance, and gives a Luhn-valid Visa number', async () => {
    const issuer = createSandboxPrepaidCards({ fulfilSeconds: 0 });
    const result = await issuer.issue({
      reference: randomUUID(),
      issuerCardholderId: 'h',
      amountCents: 7_000,
    });
    if (result.status !== 'issued') throw new Error('not issued');
    const id = result.card.issuerCardId;
    expect(await issuer.card(id)).toMatchObject({ status: 'inactive', balanceCents: 7_000 });
    expect(await issuer.activate(id)).toMatchObject({ status: 'active', loadedCents: 7_000 });
    const secrets = await issuer.secrets(id);
    expect(secrets.number).toMatch(/^4\d{15}$/);
    expect(luhnValid(secrets.number)).toBe(true);
    expect(secrets.number.slice(-4)).toBe(result.card.last4);
    expect(secrets.cvc).toMatch(/^\d{3}$/);
  });

  it('declines and holds the magic amounts', async () => {
    const issuer = createSandboxPrepaidCards({ fulfilSeconds: 0 });
    const declined = { reference: randomUUID(), issuerCardholderId: 'h' };
    expect(
      await issuer.issue({ ...declined, amountCents: sandboxPrepaidAmounts.declinedCents }),
    ).toEqual({ status: 'failed', reason: 'sandbox_declined' });
    const held = { reference: randomUUID(), issuerCardholderId: 'h' };
    expect(
      await issuer.issue({ ...held, amountCents: sandboxPrepaidAmounts.processingCents }),
    ).toEqual({ status: 'processing' });
  });
});
