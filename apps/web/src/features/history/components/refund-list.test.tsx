import { formatDateTime } from '@refund/contracts/format';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { refund } from '../../../../test/claim-fixtures';
import { installFakeApi, json } from '../../../../test/fake-api';
import { renderApp } from '../../../../test/render-app';
import { RefundList } from './refund-list';

const second = refund({
  refund_uuid: '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f',
  merchant_name: 'Harbor Outfitters',
  order_number: 'HO-77',
  file_id: null,
  amount_in_cents: 5000,
  returns: [
    {
      return_uuid: '4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f7a',
      description: 'Tent',
      amount_in_cents: 5000,
      state: 'awaiting_pickup',
      hold_amount_in_cents: 5000,
      hold_expires_at: null,
    },
  ],
});

describe('refund history', () => {
  it('shows each refund with its details and the fraud-check hint, hold expiry and modal', async () => {
    installFakeApi({ 'GET /refunds': () => json({ data: [refund()], next_cursor: null }) });
    renderApp(<RefundList />);
    const card = await screen.findByRole('article', { name: 'Summit Sports' });
    const inCard = within(card);
    expect(inCard.getByTestId('refund-amount').textContent).toBe('$173.50');
    expect(inCard.getByText('SS-10517')).toBeTruthy();
    expect(inCard.getByText('RMA-55907')).toBeTruthy();
    expect(inCard.getByText('Insulated jacket and gloves')).toBeTruthy();
    expect(inCard.getByText('Claimed', { selector: 'span' })).toBeTruthy();
    expect(inCard.getByText('Awaiting merchant fraud check')).toBeTruthy();
    expect(
      inCard.getByText('A temporary hold of $25.00 is on a small portion of this refund.'),
    ).toBeTruthy();
    expect(
      inCard.getByText(`Hold expires ${formatDateTime('2030-01-05T15:04:00.000Z')}`),
    ).toBeTruthy();
    expect(inCard.getByText('Available now')).toBeTruthy();

    await userEvent.click(inCard.getByRole('button', { name: 'Why is this on hold?' }));
    const dialog = screen.getByRole('dialog', { name: 'About the temporary hold' });
    expect(within(dialog).getByText(/\$25\.00 of this refund is held/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('explains an empty history', async () => {
    installFakeApi({ 'GET /refunds': () => json({ data: [], next_cursor: null }) });
    renderApp(<RefundList />);
    expect(await screen.findByRole('heading', { name: 'No refunds yet' })).toBeTruthy();
  });

  it('shows a reversed part as returned to the merchant', async () => {
    const reversed = refund({
      returns: [
        {
          return_uuid: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b',
          description: 'Insulated jacket',
          amount_in_cents: 14950,
          state: 'reversed',
          hold_amount_in_cents: 2500,
          hold_expires_at: null,
        },
      ],
    });
    installFakeApi({ 'GET /refunds': () => json({ data: [reversed], next_cursor: null }) });
    renderApp(<RefundList />);
    expect(await screen.findByText('Returned to merchant')).toBeTruthy();
    expect(
      screen.getByText('$25.00 went back to the merchant after its fraud check.'),
    ).toBeTruthy();
  });

  it('pages with Load more, sending the cursor it was given', async () => {
    const api = installFakeApi({
      'GET /refunds': () =>
        api.calls.length === 1
          ? json({ data: [refund()], next_cursor: 'cursor-1' })
          : json({ data: [second], next_cursor: null }),
    });
    renderApp(<RefundList />);
    await screen.findByRole('article', { name: 'Summit Sports' });
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));

    const tent = await screen.findByRole('article', { name: 'Harbor Outfitters' });
    expect(within(tent).getByText('Awaiting return pick-up')).toBeTruthy();
    expect(
      within(tent).getByText('Your instant refund is issued once the shipping label is scanned.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    const urls = (globalThis.fetch as unknown as { mock: { calls: [string][] } }).mock.calls.map(
      ([url]) => String(url),
    );
    expect(urls).toEqual(['/v1/refunds?limit=10', '/v1/refunds?limit=10&cursor=cursor-1']);
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
    });
    renderApp(<RefundList />);
    expect(
      (await screen.findByRole('alert')).textContent?.includes(
        'Error occured while fetching records',
      ),
    ).toBe(true);
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Summit Sports' })).toBeTruthy();
  });
});
