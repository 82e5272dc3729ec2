import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { refundUuid } from '../../../../test/claim-fixtures';
import { installFakeApi, json } from '../../../../test/fake-api';
import { renderApp } from '../../../../test/render-app';
import { UnclaimedRefunds } from './unclaimed-refunds';

describe('refunds waiting at home', () => {
  it('lists each with a link to claim it', async () => {
    installFakeApi({
      'GET /refunds/unclaimed': () =>
        json({
          data: [
            {
              refund_uuid: refundUuid,
              merchant_name: 'Summit Sports',
              order_number: 'SS-1',
              amount_in_cents: 4250,
              expires_at: '2030-02-01T12:00:00.000Z',
            },
          ],
        }),
    });
    renderApp(<UnclaimedRefunds />);
    const region = await screen.findByRole('region', { name: 'Refunds waiting for you' });
    const link = within(region).getByRole('link', { name: 'Claim $42.50 from Summit Sports' });
    expect(link.getAttribute('href')).toBe(`/claim/${refundUuid}`);
  });
});
