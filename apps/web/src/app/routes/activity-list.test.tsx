import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { refund } from '../../../test/claim-fixtures';
import { installFakeApi, json } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { cardTransaction, returnedAchTransaction } from '../../../test/transaction-fixtures';
import { ActivityList } from './activity-list';

const tent = refund({
  refund_uuid: '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f',
  merchant_name: 'Harbor Outfitters',
  order_number: 'HO-77',
  amount_in_cents: 5000,
  claimed_at: '2029-12-30T10:00:00.000Z',
  returns: [
    {
      return_uuid: '4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f7a',
      description: 'Tent',
      amount_in_cents: 5000,
      state: 'available',
      hold_amount_in_cents: 0,
      hold_expires_at: null,
    },
  ],
});

const rows = async () => {
  const list = await screen.findByRole('list', { name: 'Transactions' });
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '');
};

describe('Transaction History', () => {
  it('shows refunds and redemptions newest first, each with its badge and details', async () => {
    installFakeApi({
      // Claimed Jan 2 with part held for the fraud check; claimed Dec 30 all available.
      'GET /refunds': () => json({ data: [refund(), tent], next_cursor: null }),
      // Paid out Jan 3 (came back) and Jan 2 at 15:04 (the same minute as the claim).
      'GET /transactions': () =>
        json({
          data: [
            returnedAchTransaction(),
            cardTransaction({ created_at: '2030-01-01T09:00:00.000Z' }),
          ],
          next_cursor: null,
        }),
      'GET /wallet/statement': () => json({ data: [], next_cursor: null }),
    });
    renderApp(<ActivityList />);
    const [first, second, third, fourth] = await rows();
    expect(first).toContain('Bank account');
    expect(first).toContain('Failed');
    expect(first).toContain('Returned');
    expect(second).toContain('Refund from Summit Sports');
    expect(second).toContain('+$173.50');
    expect(second).toContain('Pending');
    expect(second).toContain('Awaiting merchant fraud check');
    expect(third).toContain('Debit card');
    expect(third).toContain('Successful');
    expect(fourth).toContain('Refund from Harbor Outfitters');
    expect(fourth).toContain('Successful');
    expect(
      screen.getByRole('link', { name: /Refund from Summit Sports/ }).getAttribute('href'),
    ).toBe(`/refunds-history/${refund().refund_uuid}`);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('waits for the next page of redemptions before showing older refunds', async () => {
    const api = installFakeApi({
      'GET /refunds': () => json({ data: [refund(), tent], next_cursor: null }),
      'GET /transactions': (call) =>
        call.query.cursor
          ? json({
              data: [cardTransaction({ created_at: '2029-12-31T09:00:00.000Z' })],
              next_cursor: null,
            })
          : json({ data: [returnedAchTransaction()], next_cursor: 'tx-cursor-1' }),
      'GET /wallet/statement': () => json({ data: [], next_cursor: null }),
    });
    renderApp(<ActivityList />);
    // Only what is newer than the last redemption loaded: an unloaded one could come between.
    expect(await rows()).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('Refund from Harbor Outfitters');
    const all = await rows();
    expect(all.map((text) => /Refund from|Debit card|Bank account/.exec(text)?.[0])).toEqual([
      'Bank account',
      'Refund from',
      'Debit card',
      'Refund from',
    ]);
    expect(api.callsTo('GET /transactions')).toHaveLength(2);
    expect(api.callsTo('GET /refunds')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('explains an empty history', async () => {
    installFakeApi({
      'GET /refunds': () => json({ data: [], next_cursor: null }),
      'GET /transactions': () => json({ data: [], next_cursor: null }),
      'GET /wallet/statement': () => json({ data: [], next_cursor: null }),
    });
    renderApp(<ActivityList />);
    expect(await screen.findByRole('heading', { name: 'No transactions yet' })).toBeTruthy();
  });

  it('says records could not be fetched, and retries', async () => {
    let fail = true;
    installFakeApi({
      'GET /refunds': () =>
        fail
          ? json(
              { code: 3001, code_description: 'INTERNAL', message: 'Internal Server error' },
              500,
            )
          : json({ data: [refund()], next_cursor: null }),
      'GET /transactions': () => json({ data: [], next_cursor: null }),
      'GET /wallet/statement': () => json({ data: [], next_cursor: null }),
    });
    renderApp(<ActivityList />);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Error occured while fetching records',
    );
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Refund from Summit Sports')).toBeTruthy();
  });

  it('shows the cashback, a reward, the bonus, the free play and money given back as lines of their own', async () => {
    const line = (kind: string, amount: number, day: string, extra: object = {}) => ({
      id: `${kind}-${day}`,
      kind,
      amount_in_cents: amount,
      occurred_at: `2030-01-${day}T10:00:00.000Z`,
      status: 'completed',
      refund: null,
      redemption: null,
      ...extra,
    });
    const redemption = { id: '0b7d1c9e-5a2f-4e63-9c1d-2f8e7a6b5c4d', mode: 'giftcard' };
    const api = installFakeApi({
      'GET /refunds': () => json({ data: [], next_cursor: null }),
      'GET /transactions': () => json({ data: [], next_cursor: null }),
      'GET /wallet/statement': () =>
        json({
          data: [
            line('free_play', 500, '09'),
            line('brand_reward', 600, '08', { redemption }),
            line('cashback', 160, '08', { redemption }),
            line('redemption_returned', 1_000, '07', {
              redemption: { ...redemption, mode: 'debit' },
            }),
            line('welcome_bonus_expired', -1_000, '06'),
            line('welcome_bonus', 1_000, '05'),
          ],
          next_cursor: null,
        }),
    });
    renderApp(<ActivityList />);
    expect(await rows()).toEqual([
      expect.stringMatching(/^Free play\+\$5\.00/),
      expect.stringMatching(/^CashbackGift card\+\$1\.60/),
      expect.stringMatching(/^Brand rewardGift card\+\$6\.00/),
      expect.stringMatching(/^Money back from a redemptionDebit card\+\$10\.00/),
      expect.stringMatching(/^Welcome bonus expired−\$10\.00/),
      expect.stringMatching(/^Welcome bonus\+\$10\.00/),
    ]);
    // A line about a redemption opens it.
    expect(screen.getByRole('link', { name: /^Cashback/ }).getAttribute('href')).toBe(
      `/profile/redemption-history/${redemption.id}`,
    );
    expect(api.callsTo('GET /wallet/statement')[0]?.query.kinds).toBe(
      'redemption_fee,refund_reversed,redemption_returned,cashback,brand_reward,welcome_bonus,welcome_bonus_expired,free_play',
    );
  });

  it('signs what moved the wallet, so the lines add up to the balance: a redemption less its fee, the fee, a refund as credited', async () => {
    const paid = cardTransaction({
      amount_in_cents: 5_000,
      fee_in_cents: 75,
      net_amount_in_cents: 4_925,
      created_at: '2030-01-04T09:00:00.000Z',
    });
    const sentBack = refund({
      refund_uuid: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b',
      merchant_name: 'Harbor Outfitters',
      status: 'original_method',
      amount_in_cents: 3_000,
      claimed_at: null,
      original_method_at: '2030-01-03T10:00:00.000Z',
      wallet_credit_in_cents: null,
    });
    // A refund of $173.50 of which $25.00 was reversed before the claim.
    const claimed = refund({ wallet_credit_in_cents: 14_850 });
    installFakeApi({
      'GET /refunds': () => json({ data: [sentBack, claimed], next_cursor: null }),
      'GET /transactions': () => json({ data: [paid], next_cursor: null }),
      'GET /wallet/statement': () =>
        json({
          data: [
            {
              id: 'fee-1',
              kind: 'redemption_fee',
              amount_in_cents: -75,
              occurred_at: '2030-01-04T09:00:00.000Z',
              status: 'completed',
              refund: null,
              redemption: { id: paid.transaction_id, mode: 'debit' },
            },
          ],
          next_cursor: null,
        }),
    });
    renderApp(<ActivityList />);
    expect(await rows()).toEqual([
      expect.stringMatching(/^Redemption feeDebit card−\$0\.75/),
      expect.stringMatching(/^Debit card.*−\$49\.25/),
      expect.stringMatching(/^Refund from Harbor Outfitters.*\$30\.00/),
      expect.stringMatching(/^Refund from Summit Sports.*\+\$148\.50/),
    ]);
    // The refund sent back to the card it was paid with is listed unsigned: not wallet money.
    const sentBackRow = screen.getByRole('link', { name: /Refund from Harbor Outfitters/ });
    expect(within(sentBackRow).getByTestId('activity-amount').textContent).toBe('$30.00');
  });
});
