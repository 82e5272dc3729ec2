import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { challenge, signedIn } from '../../../../test/claim-fixtures';
import { installFakeApi, json, sandboxConfig } from '../../../../test/fake-api';
import { fakeAuthMachine, renderApp } from '../../../../test/render-app';
import { paths } from '../../../config/paths';
import {
  fanCashLink,
  fanCashMethod,
  fanCashTransaction,
} from '../../../features/fancash/fancash-fixtures';
import { redemptionFlow } from '../../../features/redeem/redemption-flow';
import { RedeemDetailsScreen } from '../../routes/redeem-details-screen';
import { RedeemFanCashScreen } from './redeem-fancash-screen';
import { VerifyOtpScreen } from '../../routes/verify-otp-screen';

function fanCashApi(extra: Parameters<typeof installFakeApi>[0] = {}) {
  return installFakeApi({
    'GET /app-config': () => json(sandboxConfig),
    'GET /redemption-methods': () =>
      json({ data: [{ ...fanCashMethod, mode: 'debit', fee_rate: 150 }, fanCashMethod] }),
    'GET /wallet/balance': () =>
      json({
        available_in_cents: 20_000,
        pending_in_cents: 0,
        bonus_in_cents: 1_000,
        bonus_expires_at: '2099-07-01T00:00:00.000Z',
        total_in_cents: 21_000,
      }),
    'GET /fancash/link': () => json({ link: fanCashLink }),
    'POST /redemptions/otp': () => json(challenge),
    'POST /redemptions': () => json(fanCashTransaction(), 201),
    ...extra,
  });
}

function renderFlow() {
  return renderApp(
    <Routes>
      <Route path={paths.redeemFanCash.path} element={<RedeemFanCashScreen />} />
      <Route path={paths.redeemDetails.path} element={<RedeemDetailsScreen />} />
      <Route path={paths.verifyOtp.path} element={<VerifyOtpScreen />} />
      <Route path={paths.home.path} element={<p>Home</p>} />
    </Routes>,
    { route: paths.redeemFanCash.href(), machine: fakeAuthMachine(signedIn).machine },
  );
}

function renderOutcome(outcome: unknown) {
  installFakeApi({ 'GET /app-config': () => json(sandboxConfig) });
  renderApp(<VerifyOtpScreen />, {
    route: { pathname: paths.verifyOtp.href(), state: { outcome } },
    machine: fakeAuthMachine(signedIn).machine,
  });
}

const row = (term: string) =>
  screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

afterEach(() => redemptionFlow.reset());

describe('redeeming to FanCash', () => {
  it('takes the amount within the limits, out of the available balance alone', async () => {
    const api = fanCashApi();
    renderFlow();
    const user = userEvent.setup();

    const amount = within(await screen.findByRole('region', { name: 'Amount' }));
    // The bonus never pays for FanCash: it is left out, and the customer is told why.
    expect(amount.getByTestId('redeem-spendable').textContent).toBe('Available balance: $200.00');
    expect(amount.getByTestId('redeem-bonus-note').textContent).toBe(
      'Your $10.00 bonus can be spent on gift cards and prepaid cards only.',
    );
    expect(amount.getByTestId('fancash-fee').textContent).toBe(
      'No fee: the full amount becomes FanCash.',
    );
    expect(amount.getByText('Between $5.00 and $500.00 per redemption.')).toBeTruthy();

    const field = amount.getByLabelText('Amount to redeem (USD)');
    await user.type(field, '4.99');
    await user.click(amount.getByRole('button', { name: 'Continue' }));
    expect(await amount.findByText('The minimum is $5.00')).toBeTruthy();
    await user.clear(field);
    await user.type(field, '200.01');
    await user.click(amount.getByRole('button', { name: 'Continue' }));
    expect(
      await amount.findByText("You don't have enough balance in order to do redemption"),
    ).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/redeem/fancash');

    await user.clear(field);
    await user.type(field, '25');
    expect(row('Convenience fee')).toBe('Free');
    expect(row('Added as FanCash')).toBe('$25.00');
    await user.click(amount.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('heading', { name: 'Confirm Details' })).toBeTruthy();
    expect(row('Method')).toBe('FanCash');
    expect(row('To')).toBe('FanCash · Alex M.');
    expect(row('Arrives')).toBe('Usually within minutes');
    expect(row('Balance after')).toBe('$175.00');
    expect(row('Added as FanCash')).toBe('$25.00');
    expect(screen.queryByText('Paid with your bonus')).toBeNull();
    expect(screen.getByRole('link', { name: /Change the amount/ }).getAttribute('href')).toBe(
      '/redeem/fancash',
    );
    expect(redemptionFlow.get()).toMatchObject({
      mode: 'fancash',
      selectedPaymentMethodUUID: fanCashLink.id,
      amount: 2500,
      min_amount: 500,
      max_amount: 50000,
      fee_rate: 0,
    });
    expect(api.callsTo('POST /redemptions')).toHaveLength(0);
  });

  it('confirms with the withdrawal passcode and credits the linked account', async () => {
    const api = fanCashApi();
    renderFlow();
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Amount to redeem (USD)'), '25');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(
      await screen.findByLabelText(
        'I agree to receive a one-time passcode by SMS to confirm this redemption.',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('heading', { name: 'Verify OTP' })).toBeTruthy();
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(api.callsTo('POST /redemptions')).toHaveLength(1));
    const [redeem] = api.callsTo('POST /redemptions');
    expect(redeem?.body).toEqual({
      mode: 'fancash',
      payment_method_uuid: fanCashLink.id,
      amount_in_cents: 2500,
      attempt_id: challenge.attempt_id,
      code: '123456',
    });
    expect(redeem?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    // The flow is done: the outcome (below) rides in the history entry.
    await waitFor(() => expect(redemptionFlow.get().mode).toBeNull());
  });

  it.each([
    [
      'Pending',
      'Redemption Pending',
      "$25.00 in FanCash is on its way to Alex M.'s account. It usually arrives within minutes.",
    ],
    ['Successful', 'Redemption Successful', "$25.00 in FanCash was added to Alex M.'s account."],
  ])('says where the FanCash goes when %s', async (status, title, message) => {
    renderOutcome(fanCashTransaction({ status: status as 'Pending' | 'Successful' }));
    expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
    expect(screen.getByText(message).getAttribute('role')).toBe('status');
    expect(row('Added as FanCash')).toBe('$25.00');
    expect(
      screen.getByRole('link', { name: 'View transaction details' }).getAttribute('href'),
    ).toBe(`/transaction/${fanCashTransaction().transaction_id}`);
  });

  it('starts a refused FanCash credit again from /redeem/fancash, the money unspent', async () => {
    renderOutcome(
      fanCashTransaction({
        status: 'Failed',
        failure_reason: 'FanCash refused the credit.',
        completed_at: '2030-01-02T15:04:01.000Z',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Redemption failed' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('FanCash refused the credit.');
    expect(
      screen.getByText('Nothing was taken: the $25.00 is still in your balance.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Try another way' }).getAttribute('href')).toBe(
      '/redeem/fancash',
    );
  });
});
