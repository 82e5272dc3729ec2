import { formatDateTime } from '@refund/contracts/format';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeApi, json } from '../../../../test/fake-api';
import { renderApp } from '../../../../test/render-app';
import { cardTransaction, returnedAchTransaction } from '../../../../test/transaction-fixtures';
import { TransactionDetails } from './transaction-details';

/** The value shown under a label of the details list. */
function valueOf(label: string): string | null | undefined {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent;
}

describe('redemption details', () => {
  it('shows a debit-card payout', async () => {
    const tx = cardTransaction();
    installFakeApi({ [`GET /transactions/${tx.transaction_id}`]: () => json(tx) });
    renderApp(<TransactionDetails transactionId={tx.transaction_id} />);

    const article = await screen.findByRole('article', { name: '$50.00 to Visa •••• 5556' });
    expect(within(article).getByText('Successful')).toBeTruthy();
    expect(valueOf('Amount redeemed')).toBe('$50.00');
    expect(valueOf('Convenience fee')).toBe('$0.75');
    expect(valueOf('Amount received')).toBe('$49.25');
    expect(valueOf('Debit card')).toBe('Visa •••• 5556');
    expect(valueOf('Method')).toBe('Instant to debit card (OCT)');
    expect(valueOf('Created')).toBe(formatDateTime(tx.created_at));
    expect(valueOf('Completed')).toBe(formatDateTime('2030-01-02T15:04:05.000Z'));
    expect(valueOf('Network reference')).toBe('SBX6A1F0C2E3B4D');
    expect(valueOf('Transaction ID')).toBe(tx.transaction_id);
    expect(screen.queryByText(/is back in your balance/)).toBeNull();
  });

  it('shows a gift card bought from the wallet', async () => {
    const tx = cardTransaction({
      mode: 'giftcard',
      fee_in_cents: 0,
      net_amount_in_cents: 5000,
      destination: { kind: 'gift_card', brand: 'Harbor Coffee Co.', bank_name: null, last4: '' },
    });
    installFakeApi({ [`GET /transactions/${tx.transaction_id}`]: () => json(tx) });
    renderApp(<TransactionDetails transactionId={tx.transaction_id} />);

    await screen.findByRole('article', { name: '$50.00 to Harbor Coffee Co. gift card' });
    expect(valueOf('Gift card')).toBe('Harbor Coffee Co. gift card');
    expect(valueOf('Method')).toBe('Gift card with cashback');
  });

  it("shows an earn-rewards brand's gift card like a gift card, named by its method", async () => {
    const tx = cardTransaction({
      mode: 'earn_rewards',
      fee_in_cents: 0,
      net_amount_in_cents: 5000,
      destination: { kind: 'gift_card', brand: 'Trailhead Outdoor', bank_name: null, last4: '' },
    });
    installFakeApi({ [`GET /transactions/${tx.transaction_id}`]: () => json(tx) });
    renderApp(<TransactionDetails transactionId={tx.transaction_id} />);

    await screen.findByRole('article', { name: '$50.00 to Trailhead Outdoor gift card' });
    expect(valueOf('Gift card')).toBe('Trailhead Outdoor gift card');
    expect(valueOf('Method')).toBe('Earn rewards: gift card with cashback and reward');
  });

  it.each([
    ['4242', '$50.00 to Visa prepaid •••• 4242', 'Visa prepaid •••• 4242'],
    ['', '$50.00 to Visa prepaid card', 'Visa prepaid card'],
  ])('shows a Visa prepaid card loaded from the wallet (last4 %j)', async (last4, name, shown) => {
    const tx = cardTransaction({
      mode: 'prepaid',
      fee_in_cents: 0,
      net_amount_in_cents: 5000,
      destination: {
        kind: 'prepaid_card',
        brand: 'Visa',
        bank_name: null,
        last4,
        card_status: last4 ? 'inactive' : 'processing',
      },
    });
    installFakeApi({ [`GET /transactions/${tx.transaction_id}`]: () => json(tx) });
    renderApp(<TransactionDetails transactionId={tx.transaction_id} />);

    await screen.findByRole('article', { name });
    expect(valueOf('Prepaid card')).toBe(shown);
    expect(valueOf('Method')).toBe('Visa prepaid card');
    expect(valueOf('Convenience fee')).toBe('$0.00');
  });

  it.each([
    ['Alex M.', '$25.00 to FanCash · Alex M.', 'FanCash · Alex M.'],
    ['', '$25.00 to FanCash', 'FanCash'],
  ])('shows FanCash credited to a fan (%s)', async (accountName, name, shown) => {
    const tx = cardTransaction({
      mode: 'fancash',
      status: 'Pending',
      amount_in_cents: 2500,
      fee_in_cents: 0,
      net_amount_in_cents: 2500,
      network_reference: null,
      completed_at: null,
      destination: {
        kind: 'fancash',
        brand: 'FanCash',
        bank_name: null,
        last4: '',
        account_name: accountName,
      },
    });
    installFakeApi({ [`GET /transactions/${tx.transaction_id}`]: () => json(tx) });
    renderApp(<TransactionDetails transactionId={tx.transaction_id} />);

    const article = await screen.findByRole('article', { name });
    expect(within(article).getByText('Pending')).toBeTruthy();
    expect(valueOf('FanCash account')).toBe(shown);
    expect(valueOf('Method')).toBe('FanCash store credit');
    expect(valueOf('Amount received')).toBe('$25.00');
    expect(
      screen.getByText('This payout is on its way. This page updates when it completes.'),
    ).toBeTruthy();
  });

  it('says a returned ACH transfer came back and the money is in the balance again', async () => {
    const tx = returnedAchTransaction();
    installFakeApi({ [`GET /transactions/${tx.transaction_id}`]: () => json(tx) });
    renderApp(<TransactionDetails transactionId={tx.transaction_id} />);

    const article = await screen.findByRole('article', {
      name: '$120.00 to Lakeside Credit Union •••• 6789',
    });
    expect(within(article).getByText('Failed')).toBeTruthy();
    expect(within(article).getByText('Returned')).toBeTruthy();
    expect(screen.getByText('The bank returned this transfer.')).toBeTruthy();
    expect(
      screen.getByText('The bank returned the payout (R01: Insufficient funds).'),
    ).toBeTruthy();
    expect(screen.getByText('The full $120.00 is back in your balance.')).toBeTruthy();
    expect(valueOf('Bank account')).toBe('Lakeside Credit Union •••• 6789');
    expect(valueOf('Method')).toBe('ACH bank transfer');
    expect(valueOf('Convenience fee')).toBe('$0.00');
    expect(valueOf('Amount received')).toBe('$120.00');
  });

  it('gives the reason of a declined card payout and leaves out what it does not have', async () => {
    const tx = cardTransaction({
      status: 'Failed',
      network_reference: null,
      completed_at: null,
      failure_reason: 'The card issuer declined the payout.',
      destination: { kind: 'card', brand: 'visa', bank_name: null, last4: '0002' },
    });
    installFakeApi({ [`GET /transactions/${tx.transaction_id}`]: () => json(tx) });
    renderApp(<TransactionDetails transactionId={tx.transaction_id} />);

    expect(await screen.findByText('This redemption did not go through.')).toBeTruthy();
    expect(screen.getByText('The card issuer declined the payout.')).toBeTruthy();
    expect(screen.getByText('The full $50.00 is back in your balance.')).toBeTruthy();
    expect(screen.queryByText('Returned')).toBeNull();
    expect(screen.queryByText('Network reference')).toBeNull();
    expect(screen.queryByText('Completed')).toBeNull();
  });

  it('shows not found for an id the API does not know (or that is someone else’s)', async () => {
    const id = '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b';
    const api = installFakeApi({
      [`GET /transactions/${id}`]: () =>
        json(
          { code: 1004, code_description: 'NOT_FOUND', message: 'No transaction with this id.' },
          404,
        ),
    });
    renderApp(<TransactionDetails transactionId={id} />);
    expect(await screen.findByRole('heading', { name: 'Transaction not found' })).toBeTruthy();
    expect(screen.queryByText('Error occured while fetching records')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(api.calls).toHaveLength(1);
  });

  it('says records could not be fetched on any other failure, and retries', async () => {
    const tx = cardTransaction();
    let fail = true;
    installFakeApi({
      [`GET /transactions/${tx.transaction_id}`]: () =>
        fail
          ? json(
              { code: 3001, code_description: 'INTERNAL', message: 'Internal Server error' },
              500,
            )
          : json(tx),
    });
    renderApp(<TransactionDetails transactionId={tx.transaction_id} />);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Error occured while fetching records',
    );
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: '$50.00 to Visa •••• 5556' })).toBeTruthy();
  });
});
