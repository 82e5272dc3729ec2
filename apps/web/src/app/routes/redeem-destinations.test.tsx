import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { installFakeApi, json } from '../../../test/fake-api';
import { methodView } from '../../../test/method-views';
import { renderApp } from '../../../test/render-app';
import { paths } from '../../config/paths';
import { redemptionFlow } from '../../features/redeem/redemption-flow';
import { BankFailureScreen } from '../methods/bank/bank-failure-screen';
import { RedeemAddAccountScreen } from '../methods/bank/redeem-add-account-screen';
import { RedeemBankScreen } from '../methods/bank/redeem-bank-screen';
import { RedeemDebitScreen } from '../methods/debit/redeem-debit-screen';
import { RedeemDetailsScreen } from './redeem-details-screen';
import { RedeemTinkScreen } from '../methods/bank/redeem-tink-screen';

const limits = {
  min_amount: 100,
  max_amount: 250_000,
  fee_rate: 150,
  is_whole_amount_value_required: false,
};
const card = {
  card_uuid: '7d0f8a9e-3f0b-4c55-9a55-3c9f7f0c2b11',
  brand: 'visa',
  funding: 'debit',
  last4: '5556',
  expiry_month: 4,
  expiry_year: 2029,
  name_on_card: 'Alex Morgan',
  created_at: '2026-11-01T10:00:00.000Z',
};
const account = {
  bank_account_uuid: '3a1c2b4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  bank_name: 'Chase',
  account_type: 'checking',
  last4: '6789',
  source: 'manual',
  created_at: '2026-11-01T10:00:00.000Z',
};
const savings = {
  ...account,
  bank_account_uuid: '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a',
  bank_name: null,
  account_type: 'savings',
  last4: '4321',
};

function wallet(extra: Parameters<typeof installFakeApi>[0]) {
  return installFakeApi({
    'GET /redemption-methods': () =>
      json({
        data: [
          methodView('debit', { is_available: true, ...limits }),
          methodView('bank', { is_available: true, ...limits }),
        ],
      }),
    'GET /wallet/balance': () =>
      json({ available_in_cents: 20_000, pending_in_cents: 0, total_in_cents: 20_000 }),
    ...extra,
  });
}

function renderFlow(route: string) {
  return renderApp(
    <Routes>
      <Route path={paths.redeemDebit.path} element={<RedeemDebitScreen />} />
      <Route path={paths.redeemBank.path} element={<RedeemBankScreen />} />
      <Route path={paths.redeemAddAccount.path} element={<RedeemAddAccountScreen />} />
      <Route path={paths.redeemDetails.path} element={<RedeemDetailsScreen />} />
      <Route path={paths.redeemTink.path} element={<RedeemTinkScreen />} />
      <Route path={paths.bankFailure.path} element={<BankFailureScreen />} />
    </Routes>,
    { route },
  );
}

const confirmedRow = (term: string) =>
  screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

afterEach(() => redemptionFlow.reset());

describe('choosing where a redemption goes', () => {
  it('lists the saved debit cards and carries the chosen one to Confirm Details', async () => {
    const calls = wallet({ 'GET /cards': () => json({ data: [card] }) });
    renderFlow(paths.redeemDebit.href());
    const user = userEvent.setup();

    const cards = await screen.findByRole('group', { name: 'Your debit cards' });
    const option = within(cards).getByRole('radio', {
      name: 'Visa •••• 5556Debit card · expires 04/29',
    });
    expect(screen.getByRole('link', { name: 'Add a debit card' }).getAttribute('href')).toBe(
      '/redeem/debit/add-card',
    );
    expect(calls.callsTo('GET /bank-accounts')).toHaveLength(0);

    await user.click(option);
    await user.type(screen.getByLabelText('Amount to redeem (USD)'), '50');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('heading', { name: 'Confirm Details' })).toBeTruthy();
    expect(confirmedRow('Method')).toBe('Debit card');
    expect(confirmedRow('To')).toBe('Visa •••• 5556');
    expect(confirmedRow('Arrives')).toBe('In minutes');
  });

  it('chooses the one saved card already: a keyboard-only walk reaches Confirm Details', async () => {
    wallet({ 'GET /cards': () => json({ data: [card] }) });
    renderFlow(paths.redeemDebit.href());
    const user = userEvent.setup();

    const option = await screen.findByRole('radio', {
      name: 'Visa •••• 5556Debit card · expires 04/29',
    });
    await waitFor(() => expect((option as HTMLInputElement).checked).toBe(true));
    // Tab to the amount, type it, and press Enter: no pointer, no radio pressed.
    const amount = screen.getByLabelText('Amount to redeem (USD)');
    while (document.activeElement !== amount) await user.tab();
    await user.keyboard('50{Enter}');

    expect(await screen.findByRole('heading', { name: 'Confirm Details' })).toBeTruthy();
    expect(confirmedRow('To')).toBe('Visa •••• 5556');
  });

  it('asks for a card before going on, and offers to add one when there is none', async () => {
    wallet({ 'GET /cards': () => json({ data: [] }) });
    renderFlow(paths.redeemDebit.href());
    const user = userEvent.setup();

    expect(
      await screen.findByText('You have no debit cards yet. Add one to redeem instantly.'),
    ).toBeTruthy();
    await user.type(screen.getByLabelText('Amount to redeem (USD)'), '50');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose a debit card');
  });

  it('lists the saved bank accounts, with ways to link or enter one', async () => {
    const calls = wallet({ 'GET /bank-accounts': () => json({ data: [account, savings] }) });
    renderFlow(paths.redeemBank.href());
    const user = userEvent.setup();

    const accounts = await screen.findByRole('group', { name: 'Your bank accounts' });
    expect(within(accounts).getByRole('radio', { name: 'Chase •••• 6789Checking' })).toBeTruthy();
    expect(within(accounts).getByRole('radio', { name: 'Savings •••• 4321Savings' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Link your bank' }).getAttribute('href')).toBe(
      '/connect-bank',
    );
    expect(screen.getByRole('link', { name: 'Enter account details' }).getAttribute('href')).toBe(
      '/redeem/add-account',
    );
    expect(calls.callsTo('GET /cards')).toHaveLength(0);

    await user.click(within(accounts).getByRole('radio', { name: /Savings •••• 4321/ }));
    await user.type(screen.getByLabelText('Amount to redeem (USD)'), '25');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('heading', { name: 'Confirm Details' })).toBeTruthy();
    expect(confirmedRow('Method')).toBe('Bank account');
    expect(confirmedRow('To')).toBe('Savings •••• 4321');
    expect(confirmedRow('Arrives')).toBe('In 1–3 business days');
  });

  it('makes a newly entered bank account the one the money goes to', async () => {
    let saved: (typeof account)[] = [];
    const calls = wallet({
      'GET /bank-accounts': () => json({ data: saved }),
      'POST /bank-accounts': () => {
        saved = [account];
        return json(account, 201);
      },
    });
    renderFlow(paths.redeemAddAccount.href());
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Account holder name'), 'Alex Morgan');
    await user.type(screen.getByLabelText('Routing number'), '021000021');
    await user.type(screen.getByLabelText('Account number'), '000123456789');
    await user.type(screen.getByLabelText('Confirm account number'), '000123456789');
    await user.click(screen.getByRole('button', { name: 'Add bank account' }));

    expect(await screen.findByText('Chase •••• 6789 added')).toBeTruthy();
    const chosen = await screen.findByRole('radio', { name: 'Chase •••• 6789Checking' });
    expect((chosen as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('location').textContent).toBe('/redeem/bank');
    expect(calls.callsTo('POST /bank-accounts')[0]?.body).toEqual({
      routing_number: '021000021',
      account_number: '000123456789',
      account_type: 'checking',
      account_holder_name: 'Alex Morgan',
    });
  });
});

describe('coming back from the bank-linking provider', () => {
  const sessionId = '5b0e7c1d-2a3f-4b6c-8d9e-0f1a2b3c4d5e';

  it('makes the linked account the one the money goes to', async () => {
    let saved: (typeof account)[] = [];
    const calls = wallet({
      'GET /bank-accounts': () => json({ data: saved }),
      'POST /bank-link/exchange': () => {
        saved = [account];
        return json(account, 201);
      },
    });
    renderFlow(`${paths.redeemTink.href()}?code=link-code-1&state=${sessionId}`);

    expect(await screen.findByText('Chase •••• 6789 linked')).toBeTruthy();
    const chosen = await screen.findByRole('radio', { name: 'Chase •••• 6789Checking' });
    expect((chosen as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('location').textContent).toBe('/redeem/bank');
    expect(calls.callsTo('POST /bank-link/exchange').map((c) => c.body)).toEqual([
      { code: 'link-code-1', state: sessionId },
    ]);
  });

  it('says so when the customer cancelled there, without asking the API', async () => {
    const calls = wallet({});
    renderFlow(`${paths.redeemTink.href()}?error=USER_CANCELLED`);

    expect(await screen.findByRole('heading', { name: 'Bank linking cancelled' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/bank-failure');
    expect(calls.callsTo('POST /bank-link/exchange')).toHaveLength(0);
  });

  it("shows the API's refusal of the linked account", async () => {
    const expired =
      'This bank connection has expired or was already used. Please connect your bank again.';
    wallet({
      'POST /bank-link/exchange': () =>
        json({ code: 7001, code_description: 'BANK_LINK_INVALID', message: expired }, 400),
    });
    renderFlow(`${paths.redeemTink.href()}?code=old-code&state=${sessionId}`);

    expect(await screen.findByRole('heading', { name: "We couldn't link your bank" })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(expired);
  });

  it.each([
    ['a state that is no session id', '?code=x&state=y'],
    ['no state', '?code=x'],
    ['no code', `?state=${sessionId}`],
  ])('answers an address with %s as a failed link, in words for the customer', async (_, query) => {
    const calls = wallet({});
    renderFlow(`${paths.redeemTink.href()}${query}`);

    expect(await screen.findByRole('heading', { name: "We couldn't link your bank" })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      'Something went wrong while linking your bank. You can try again, or enter your account details instead.',
    );
    expect(document.body.textContent).not.toMatch(/state|session id|code is required/i);
    expect(calls.callsTo('POST /bank-link/exchange')).toHaveLength(0);
  });

  it('never shows the API refusing the form of the request', async () => {
    wallet({
      'POST /bank-link/exchange': () =>
        json(
          {
            code: 1001,
            code_description: 'VALIDATION_FAILED',
            message: 'state: state must be the session id',
          },
          400,
        ),
    });
    renderFlow(`${paths.redeemTink.href()}?code=old-code&state=${sessionId}`);

    expect(await screen.findByRole('heading', { name: "We couldn't link your bank" })).toBeTruthy();
    expect(document.body.textContent).not.toContain('session id');
  });
});

describe('a payout and the welcome bonus', () => {
  const withBonus = {
    available_in_cents: 20_000,
    pending_in_cents: 0,
    bonus_in_cents: 1_000,
    bonus_expires_at: '2099-07-01T00:00:00.000Z',
    total_in_cents: 21_000,
  };

  it('counts only the available balance for a debit card, and says why the bonus is left out', async () => {
    wallet({
      'GET /wallet/balance': () => json(withBonus),
      'GET /cards': () => json({ data: [card] }),
    });
    renderFlow(paths.redeemDebit.href());
    const user = userEvent.setup();

    expect((await screen.findByTestId('redeem-spendable')).textContent).toBe(
      'Available balance: $200.00',
    );
    expect(screen.getByTestId('redeem-bonus-note').textContent).toBe(
      'Your $10.00 bonus can be spent on gift cards and prepaid cards only.',
    );

    await user.click(await screen.findByRole('radio', { name: /Visa •••• 5556/ }));
    const field = screen.getByLabelText('Amount to redeem (USD)');
    await user.type(field, '205');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByText("You don't have enough balance in order to do redemption"),
    ).toBeTruthy();

    await user.clear(field);
    await user.type(field, '50');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Confirm Details' })).toBeTruthy();
    // The bonus pays for no part of a payout.
    expect(screen.queryByText('Paid with your bonus')).toBeNull();
    expect(confirmedRow('Balance after')).toBe('$150.00');
  });

  it('says the same on the bank account screen', async () => {
    wallet({
      'GET /wallet/balance': () => json(withBonus),
      'GET /bank-accounts': () => json({ data: [account] }),
    });
    renderFlow(paths.redeemBank.href());
    expect((await screen.findByTestId('redeem-spendable')).textContent).toBe(
      'Available balance: $200.00',
    );
    expect(
      screen.getByText('Your $10.00 bonus can be spent on gift cards and prepaid cards only.'),
    ).toBeTruthy();
  });

  it('says nothing of a bonus when there is none', async () => {
    wallet({ 'GET /cards': () => json({ data: [card] }) });
    renderFlow(paths.redeemDebit.href());
    expect((await screen.findByTestId('redeem-spendable')).textContent).toBe(
      'Available balance: $200.00',
    );
    expect(screen.queryByText(/bonus/i)).toBeNull();
  });
});
