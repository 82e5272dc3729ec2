import { formatDateTime } from '@refund/contracts/format';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { refund } from '../../../../test/claim-fixtures';
import { renderApp } from '../../../../test/render-app';
import { RefundCard } from './refund-card';

describe('a refund in Transaction Details', () => {
  it('shows the refund with its details and the fraud-check hint, hold expiry and modal', async () => {
    renderApp(<RefundCard refund={refund()} />);
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
    renderApp(<RefundCard refund={reversed} />);
    expect(await screen.findByText('Returned to merchant')).toBeTruthy();
    expect(
      screen.getByText('$25.00 went back to the merchant after its fraud check.'),
    ).toBeTruthy();
  });
});
