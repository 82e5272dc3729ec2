import { formatDateTime } from '@refund/contracts/format';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeApi, json } from '../../../../test/fake-api';
import { renderApp } from '../../../../test/render-app';
import { cardTransaction, returnedAchTransaction } from '../../../../test/transaction-fixtures';
import { TransactionList } from './transaction-list';

const declined = cardTransaction({
  transaction_id: '8c3b2e4a-5d6f-4a7b-8c9d-2e3f4a5b6c7d',
  status: 'Failed',
  amount_in_cents: 2500,
  fee_in_cents: 38,
  net_amount_in_cents: 2462,
  destination: { kind: 'card', brand: 'visa', bank_name: null, last4: '0002' },
  network_reference: null,
  failure_reason: 'The card issuer declined the payout.',
  completed_at: '2030-01-01T12:00:01.000Z',
  created_at: '2030-01-01T12:00:00.000Z',
});

const serverError = () =>
  json({ code: 3001, code_description: 'INTERNAL', message: 'Internal Server error' }, 500);

const rowFor = (name: RegExp) => screen.findByRole('link', { name });

describe('redemption history', () => {
  it('shows each redemption with method, destination, date, amount and status', async () => {
    const successful = cardTransaction();
    const returned = returnedAchTransaction();
    installFakeApi({
      'GET /transactions': () =>
        json({ data: [returned, successful, declined], next_cursor: null }),
    });
    renderApp(<TransactionList />);

    const card = within(await rowFor(/Visa •••• 5556/));
    expect(card.getByText('Debit card')).toBeTruthy();
    expect(card.getByTestId('transaction-amount').textContent).toBe('$50.00');
    expect(card.getByText(formatDateTime(successful.created_at))).toBeTruthy();
    expect(card.getByText('Successful')).toBeTruthy();

    const failed = within(await rowFor(/Visa •••• 0002/));
    expect(failed.getByTestId('transaction-amount').textContent).toBe('$25.00');
    expect(failed.getByText('Failed')).toBeTruthy();
    expect(failed.queryByText('Returned')).toBeNull();

    const bank = within(await rowFor(/Lakeside Credit Union •••• 6789/));
    expect(bank.getByText('Bank account')).toBeTruthy();
    expect(bank.getByTestId('transaction-amount').textContent).toBe('$120.00');
    expect(bank.getByText('Failed')).toBeTruthy();
    expect(bank.getByText('Returned')).toBeTruthy();

    // Newest first, as the API answered.
    const amounts = screen.getAllByTestId('transaction-amount').map((el) => el.textContent);
    expect(amounts).toEqual(['$120.00', '$50.00', '$25.00']);
  });

  it('names a FanCash redemption by the fan it was credited to', async () => {
    const fanCash = cardTransaction({
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
        account_name: 'Alex M.',
      },
    });
    installFakeApi({ 'GET /transactions': () => json({ data: [fanCash], next_cursor: null }) });
    renderApp(<TransactionList />);

    const row = within(await rowFor(/FanCash · Alex M\./));
    expect(row.getByText('FanCash')).toBeTruthy();
    expect(row.getByTestId('transaction-amount').textContent).toBe('$25.00');
    expect(row.getByText('Pending')).toBeTruthy();
  });

  it("names an earn-rewards brand's gift card by its method", async () => {
    const earned = cardTransaction({
      mode: 'earn_rewards',
      fee_in_cents: 0,
      net_amount_in_cents: 5000,
      destination: { kind: 'gift_card', brand: 'Trailhead Outdoor', bank_name: null, last4: '' },
    });
    installFakeApi({ 'GET /transactions': () => json({ data: [earned], next_cursor: null }) });
    renderApp(<TransactionList />);

    const row = within(await rowFor(/Trailhead Outdoor gift card/));
    expect(row.getByText('Earn rewards')).toBeTruthy();
  });

  it('links each row to its details', async () => {
    installFakeApi({
      'GET /transactions': () => json({ data: [cardTransaction()], next_cursor: null }),
    });
    renderApp(<TransactionList />);
    await userEvent.click(await rowFor(/Visa •••• 5556/));
    expect(screen.getByTestId('location').textContent).toBe(
      '/profile/redemption-history/6a1f0c2e-3b4d-4e5f-8a9b-0c1d2e3f4a5b',
    );
  });

  it('pages with Load more, sending the cursor it was given', async () => {
    const api = installFakeApi({
      'GET /transactions': () =>
        api.calls.length === 1
          ? json({ data: [cardTransaction()], next_cursor: 'cursor-1' })
          : json({ data: [declined], next_cursor: null }),
    });
    renderApp(<TransactionList />);
    await rowFor(/Visa •••• 5556/);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));

    expect(await rowFor(/Visa •••• 0002/)).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /Debit card/ })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    const urls = (globalThis.fetch as unknown as { mock: { calls: [string][] } }).mock.calls.map(
      ([url]) => String(url),
    );
    expect(urls).toEqual([
      '/v1/transactions?limit=10',
      '/v1/transactions?limit=10&cursor=cursor-1',
    ]);
  });

  it('explains an empty history and links home to redeem', async () => {
    installFakeApi({ 'GET /transactions': () => json({ data: [], next_cursor: null }) });
    renderApp(<TransactionList />);
    expect(await screen.findByRole('heading', { name: 'No redemptions yet' })).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: 'Redeem your balance' }));
    expect(screen.getByTestId('location').textContent).toBe('/');
  });

  it('says records could not be fetched, and retries', async () => {
    let fail = true;
    installFakeApi({
      'GET /transactions': () =>
        fail ? serverError() : json({ data: [cardTransaction()], next_cursor: null }),
    });
    renderApp(<TransactionList />);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Error occured while fetching records',
    );
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await rowFor(/Visa •••• 5556/)).toBeTruthy();
  });

  it('keeps the loaded rows when the next page fails, and retries that page', async () => {
    let failNext = true;
    const api = installFakeApi({
      'GET /transactions': () => {
        if (api.calls.length === 1) {
          return json({ data: [cardTransaction()], next_cursor: 'cursor-1' });
        }
        return failNext ? serverError() : json({ data: [declined], next_cursor: null });
      },
    });
    renderApp(<TransactionList />);
    await rowFor(/Visa •••• 5556/);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Error occured while fetching records',
    );
    expect(screen.getByRole('link', { name: /Visa •••• 5556/ })).toBeTruthy();
    failNext = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await rowFor(/Visa •••• 0002/)).toBeTruthy();
  });
});
