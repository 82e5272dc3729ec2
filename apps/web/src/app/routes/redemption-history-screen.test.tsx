import type { Transaction } from '@refund/contracts/redemptions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedIn } from '../../../test/claim-fixtures';
import { installFakeApi, json, sandboxConfig } from '../../../test/fake-api';
import { fakeAuthMachine, renderApp } from '../../../test/render-app';
import { prepaidCard } from '../../features/prepaid/prepaid-fixtures';
import { cardTransaction } from '../../../test/transaction-fixtures';
import { RedemptionHistoryScreen } from './redemption-history-screen';

const cardId = '5f0c3a1e-8b2d-4c6f-9a7e-1d2c3b4a5f60';

const prepaidRedemption = (
  destination: Partial<Extract<Transaction['destination'], { kind: 'prepaid_card' }>>,
  overrides: Partial<Transaction> = {},
) =>
  cardTransaction({
    transaction_id: cardId,
    mode: 'prepaid',
    fee_in_cents: 0,
    net_amount_in_cents: 5000,
    network_reference: null,
    destination: {
      kind: 'prepaid_card',
      brand: 'Visa',
      bank_name: null,
      last4: '4242',
      card_status: 'inactive',
      ...destination,
    },
    ...overrides,
  });

const rowOf = async (name: RegExp) =>
  (await screen.findByRole('link', { name })).closest('li') as HTMLElement;

function renderHistory(handlers: Parameters<typeof installFakeApi>[0]) {
  const api = installFakeApi({ 'GET /app-config': () => json(sandboxConfig), ...handlers });
  renderApp(<RedemptionHistoryScreen />, { machine: fakeAuthMachine(signedIn).machine });
  return api;
}

describe('redemption history with Visa prepaid cards', () => {
  it('names each prepaid card, shows its status, and offers Activate only on an inactive one', async () => {
    const issuing = prepaidRedemption(
      { last4: '', card_status: 'processing' },
      { transaction_id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', status: 'Pending' },
    );
    const active = prepaidRedemption(
      { last4: '7777', card_status: 'active' },
      { transaction_id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d' },
    );
    renderHistory({
      'GET /transactions': () =>
        json({
          data: [issuing, prepaidRedemption({}), active, cardTransaction()],
          next_cursor: null,
        }),
    });

    const inactive = within(await rowOf(/Visa prepaid •••• 4242/));
    expect(inactive.getByRole('link').textContent).toContain('Visa prepaid card');
    expect(inactive.getByText('Card status:').textContent).toBe('Card status: Inactive');
    expect(inactive.getByRole('button', { name: 'Activate Visa prepaid •••• 4242' })).toBeTruthy();
    // The button is not inside the row's link.
    expect(inactive.getByRole('button').closest('a')).toBeNull();

    const beingIssued = within(await rowOf(/Visa prepaid card.*Pending/));
    expect(beingIssued.getByText('Card status:').textContent).toBe('Card status: Processing');
    expect(beingIssued.queryByRole('button')).toBeNull();

    const used = within(await rowOf(/Visa prepaid •••• 7777/));
    expect(used.getByText('Card status:').textContent).toBe('Card status: Active');
    expect(used.queryByRole('button')).toBeNull();

    const debit = within(await rowOf(/Visa •••• 5556/));
    expect(debit.queryByText('Card status:')).toBeNull();
    expect(debit.queryByRole('button')).toBeNull();
  });

  it('Activate activates the card and shows it active', async () => {
    let activated = false;
    const api = renderHistory({
      'GET /transactions': () =>
        json({
          data: [prepaidRedemption({ card_status: activated ? 'active' : 'inactive' })],
          next_cursor: null,
        }),
      [`POST /prepaid-cards/${cardId}/activate`]: () => {
        activated = true;
        return json(prepaidCard({ card_uuid: cardId, transaction_id: cardId }));
      },
    });
    const row = within(await rowOf(/Visa prepaid •••• 4242/));
    await userEvent.click(row.getByRole('button', { name: 'Activate Visa prepaid •••• 4242' }));

    expect(
      await screen.findByText('Visa prepaid •••• 4242 is active. You can pay with it now.'),
    ).toBeTruthy();
    expect(row.getByText('Card status:').textContent).toBe('Card status: Active');
    expect(row.queryByRole('button')).toBeNull();
    expect(document.activeElement).toBe(row.getByText('Card status:'));
    expect(api.callsTo(`POST /prepaid-cards/${cardId}/activate`)).toHaveLength(1);
    // The history is asked again, and agrees.
    await waitFor(() => expect(api.callsTo('GET /transactions')).toHaveLength(2));
    expect(row.getByText('Card status:').textContent).toBe('Card status: Active');
  });

  it("shows the API's refusal to activate", async () => {
    renderHistory({
      'GET /transactions': () => json({ data: [prepaidRedemption({})], next_cursor: null }),
      [`POST /prepaid-cards/${cardId}/activate`]: () =>
        json(
          {
            code: 6012,
            code_description: 'PREPAID_CARD_NOT_ACTIVATABLE',
            message: 'Only an inactive card can be activated.',
          },
          409,
        ),
    });
    const row = within(await rowOf(/Visa prepaid •••• 4242/));
    await userEvent.click(row.getByRole('button', { name: 'Activate Visa prepaid •••• 4242' }));
    expect((await row.findByRole('alert')).textContent).toBe(
      'Only an inactive card can be activated.',
    );
    expect(row.getByText('Card status:').textContent).toBe('Card status: Inactive');
  });
});

describe('redemption history', () => {
  it('says it holds every kind of redemption, and leads back to My Profile', async () => {
    renderHistory({ 'GET /transactions': () => json({ data: [], next_cursor: null }) });
    expect(
      screen.getByText(
        'Everything you redeemed from your wallet: to a debit card or bank account, gift cards, prepaid cards and FanCash.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: /My Profile/ }).getAttribute('href')).toBe('/profile');
    expect(
      await screen.findByText(
        'When you redeem your balance, to a card, a bank account, a gift card or FanCash, it shows up here.',
      ),
    ).toBeTruthy();
  });
});
