import { formatDateTime } from '@refund/contracts/format';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { refund } from '../../../../test/claim-fixtures';
import { renderApp } from '../../../../test/render-app';
import { RefundCard } from './refund-card';

describe('a refund sent back to the original payment method, in its details', () => {
  it('shows its status, when it was sent back and the original-method timeline, not wallet hints', async () => {
    const sentBack = refund({
      status: 'original_method',
      claimed_at: null,
      original_method_at: '2030-01-03T10:00:00.000Z',
      wallet_credit_in_cents: null,
    });
    renderApp(<RefundCard refund={sentBack} />);
    const card = within(await screen.findByRole('article', { name: 'Summit Sports' }));
    expect(card.getByText('Sent to original payment method')).toBeTruthy();
    expect(card.getByText(`Sent back ${formatDateTime('2030-01-03T10:00:00.000Z')}`)).toBeTruthy();
    expect(
      card.getByText(/receives your item in 7–14 days, then runs quality control/),
    ).toBeTruthy();
    expect(card.queryByText('Available now')).toBeNull();
    expect(card.queryByText(/^Claimed/)).toBeNull();
  });
});
