import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { signedIn } from '../../../../test/claim-fixtures';
import { installFakeApi, json, sandboxConfig } from '../../../../test/fake-api';
import { fakeAuthMachine, renderApp } from '../../../../test/render-app';
import { paths } from '../../../config/paths';
import { cardholder } from '../../../features/prepaid/prepaid-fixtures';
import { redemptionFlow } from '../../../features/redeem/redemption-flow';
import { RedeemDetailsScreen } from '../../routes/redeem-details-screen';
import { RedeemPrepaidScreen } from './redeem-prepaid-screen';
import { UpdateProfileScreen } from '../../routes/update-profile-screen';
import { VerifyOtpScreen } from '../../routes/verify-otp-screen';

const prepaidMethod = {
  mode: 'prepaid',
  destination_kind: 'prepaid_card',
  spends_bonus: true,
  is_available: true,
  min_amount: 1000,
  max_amount: 50000,
  fee_rate: 0,
  is_whole_amount_value_required: true,
};
const profile = {
  ...signedIn.user,
  first_name: 'Ada',
  last_name: 'Lovelace',
  address: [
    {
      id: '2c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5',
      line_1: '1 Elm St',
      line_2: null,
      city: 'Dallas',
      state: 'TX',
      zipcode: '75201',
      is_primary: true,
    },
  ],
};
const challenge = {
  attempt_id: '0b8f5a3e-2c1d-4e6f-8a9b-1c2d3e4f5a6b',
  channel: 'sms',
  destination: '+1 xxx-xxx-0143',
  expires_in_seconds: 300,
  resend_available_in_seconds: 60,
};
const transactionId = '5f0c3a1e-8b2d-4c6f-9a7e-1d2c3b4a5f60';
const pendingRedemption = {
  transaction_id: transactionId,
  mode: 'prepaid',
  status: 'Pending',
  amount_in_cents: 2500,
  fee_in_cents: 0,
  net_amount_in_cents: 2500,
  destination: {
    kind: 'prepaid_card',
    brand: 'Visa',
    bank_name: null,
    last4: '',
    card_status: 'processing',
  },
  network_reference: null,
  failure_reason: null,
  returned: false,
  created_at: '2030-01-02T15:04:00.000Z',
  completed_at: null,
};
const addressRequired = () =>
  json(
    {
      code: 6005,
      code_description: 'ADDRESS_REQUIRED',
      message: 'Add your billing address before adding a card.',
    },
    409,
  );

function prepaidApi(extra: Parameters<typeof installFakeApi>[0] = {}) {
  return installFakeApi({
    'GET /app-config': () => json(sandboxConfig),
    'GET /redemption-methods': () =>
      json({
        data: [
          {
            ...prepaidMethod,
            mode: 'debit',
            destination_kind: 'card',
            spends_bonus: false,
            fee_rate: 150,
          },
          prepaidMethod,
        ],
      }),
    'GET /wallet/balance': () =>
      json({ available_in_cents: 20_000, pending_in_cents: 0, total_in_cents: 20_000 }),
    'GET /users/profile': () => json(profile),
    'GET /prepaid-cardholder': () => json({ cardholder: null }),
    'POST /prepaid-cardholder': () => json(cardholder),
    ...extra,
  });
}

function renderFlow() {
  return renderApp(
    <Routes>
      <Route path={paths.redeemPrepaid.path} element={<RedeemPrepaidScreen />} />
      <Route path={paths.redeemDetails.path} element={<RedeemDetailsScreen />} />
      <Route path={paths.verifyOtp.path} element={<VerifyOtpScreen />} />
      <Route path={paths.updateProfile.path} element={<UpdateProfileScreen />} />
      <Route path={paths.home.path} element={<p>Home</p>} />
    </Routes>,
    { route: paths.redeemPrepaid.href(), machine: fakeAuthMachine(signedIn).machine },
  );
}

const row = (term: string) =>
  screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
const location = () => screen.getByTestId('location').textContent;

afterEach(() => redemptionFlow.reset());

describe('redeeming to a Visa prepaid card', () => {
  it('shows who the card is issued to, the limits, the fee and what is loaded; Continue makes the customer the cardholder', async () => {
    const api = prepaidApi();
    renderFlow();
    const user = userEvent.setup();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Visa Prepaid Card' }),
    ).toBeTruthy();
    const issuedTo = within(await screen.findByRole('region', { name: 'Card issued to' }));
    expect(await issuedTo.findByText('Ada Lovelace')).toBeTruthy();
    expect(issuedTo.getByTestId('prepaid-cardholder-address').textContent).toBe(
      '1 Elm StDallas, TX 75201',
    );
    expect(issuedTo.getByText('Your card will be issued to this name and address.')).toBeTruthy();

    const amount = within(screen.getByRole('region', { name: 'Amount' }));
    expect(amount.getByText('$200.00')).toBeTruthy();
    expect(amount.getByTestId('prepaid-fee').textContent).toBe(
      'No fee: the full amount is loaded on your card.',
    );
    expect(
      amount.getByText('Between $10.00 and $500.00 per redemption. Whole dollars only.'),
    ).toBeTruthy();

    // Outside the limits, or with cents: refused before anything is asked.
    const field = amount.getByLabelText('Amount to redeem (USD)');
    await user.type(field, '5');
    await user.click(amount.getByRole('button', { name: 'Continue' }));
    expect(await amount.findByText('The minimum is $10.00')).toBeTruthy();
    await user.clear(field);
    await user.type(field, '25.50');
    await user.click(amount.getByRole('button', { name: 'Continue' }));
    expect(await amount.findByText('Enter a whole dollar amount, without cents')).toBeTruthy();
    expect(api.callsTo('POST /prepaid-cardholder')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, '25');
    expect(row('Convenience fee')).toBe('Free');
    expect(row('Loaded on your card')).toBe('$25.00');
    await user.click(amount.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('heading', { name: 'Confirm Details' })).toBeTruthy();
    expect(location()).toBe('/redeem-details');
    expect(api.callsTo('POST /prepaid-cardholder')).toHaveLength(1);
    expect(api.callsTo('POST /prepaid-cardholder')[0]?.body).toBeUndefined();
    expect(row('Method')).toBe('Visa prepaid card');
    expect(row('To')).toBe('Visa prepaid card');
    expect(row('Arrives')).toBe('Issued in a few minutes');
    expect(row('Amount')).toBe('$25.00');
    expect(row('Convenience fee')).toBe('Free');
    expect(row('Loaded on your card')).toBe('$25.00');
    expect(screen.getByRole('link', { name: /Change the amount/ }).getAttribute('href')).toBe(
      '/redeem/prepaid',
    );
    expect(redemptionFlow.get()).toMatchObject({
      mode: 'prepaid',
      selectedPaymentMethodUUID: cardholder.cardholder_uuid,
      amount: 2500,
      min_amount: 1000,
      max_amount: 50000,
      fee_rate: 0,
      is_whole_amount_value_required: true,
    });
  });

  it('can spend the welcome bonus first, and says how it pays on Confirm Details', async () => {
    prepaidApi({
      'GET /prepaid-cardholder': () => json({ cardholder }),
      'GET /wallet/balance': () =>
        json({
          available_in_cents: 20_000,
          pending_in_cents: 0,
          bonus_in_cents: 1_000,
          bonus_expires_at: '2099-07-01T00:00:00.000Z',
          total_in_cents: 21_000,
        }),
    });
    renderFlow();
    const user = userEvent.setup();

    expect((await screen.findByTestId('redeem-spendable')).textContent).toBe(
      'Available balance: $210.00 (including your $10.00 bonus, used first)',
    );
    expect(screen.queryByTestId('redeem-bonus-note')).toBeNull();
    const field = screen.getByLabelText('Amount to redeem (USD)');
    await user.type(field, '211');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByText("You don't have enough balance in order to do redemption"),
    ).toBeTruthy();

    await user.clear(field);
    await user.type(field, '210');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Confirm Details' })).toBeTruthy();
    expect(row('Paid with your bonus')).toBe('$10.00');
    expect(row('Paid from your balance')).toBe('$200.00');
    expect(row('Balance after')).toBe('$0.00');
  });

  it('confirms with the withdrawal passcode and redeems to the cardholder', async () => {
    const api = prepaidApi({
      'GET /prepaid-cardholder': () => json({ cardholder }),
      'POST /redemptions/otp': () => json(challenge),
      'POST /redemptions': () => json(pendingRedemption, 201),
    });
    renderFlow();
    const user = userEvent.setup();

    // A cardholder already: the cards are issued to their name and address.
    const issuedTo = within(await screen.findByRole('region', { name: 'Card issued to' }));
    expect(await issuedTo.findByText('Ada Lovelace')).toBeTruthy();
    expect(issuedTo.getByTestId('prepaid-cardholder-address').textContent).toBe(
      '9 Oak AveApt 4Austin, TX 73301',
    );
    expect(
      issuedTo.getByText('Your prepaid cards are issued to this name and address.'),
    ).toBeTruthy();

    await user.type(screen.getByLabelText('Amount to redeem (USD)'), '25');
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
      mode: 'prepaid',
      payment_method_uuid: cardholder.cardholder_uuid,
      amount_in_cents: 2500,
      attempt_id: challenge.attempt_id,
      code: '123456',
    });
    expect(redeem?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('says the card is being issued and leads to the Visa prepaid cards', async () => {
    installFakeApi({ 'GET /app-config': () => json(sandboxConfig) });
    renderApp(<VerifyOtpScreen />, {
      route: { pathname: paths.verifyOtp.href(), state: { outcome: pendingRedemption } },
      machine: fakeAuthMachine(signedIn).machine,
    });
    expect(await screen.findByRole('heading', { name: 'Redemption Pending' })).toBeTruthy();
    expect(
      screen
        .getByText(
          'Your $25.00 Visa prepaid card is being issued. It will be with your Visa prepaid cards in a few minutes.',
        )
        .getAttribute('role'),
    ).toBe('status');
    expect(row('Convenience fee')).toBe('Free');
    expect(row('Loaded on your card')).toBe('$25.00');
    expect(
      screen.getByRole('link', { name: 'View your Visa prepaid cards' }).getAttribute('href'),
    ).toBe('/profile/visaprepaidcard-history');
    expect(screen.queryByRole('link', { name: 'Open Gift Card Wallet' })).toBeNull();
  });

  it('starts a failed prepaid redemption again from /redeem/prepaid', async () => {
    installFakeApi({ 'GET /app-config': () => json(sandboxConfig) });
    const failed = {
      ...pendingRedemption,
      status: 'Failed',
      failure_reason: 'The card issuer is unavailable.',
    };
    renderApp(<VerifyOtpScreen />, {
      route: { pathname: paths.verifyOtp.href(), state: { outcome: failed } },
      machine: fakeAuthMachine(signedIn).machine,
    });
    const retry = await screen.findByRole('link', { name: 'Try another way' });
    expect(retry.getAttribute('href')).toBe('/redeem/prepaid');
    expect(screen.getByRole('alert').textContent).toBe('The card issuer is unavailable.');
  });

  it('asks for an address first when the customer has none, and comes back here', async () => {
    prepaidApi({
      'GET /users/profile': () => json({ ...profile, address: [] }),
      'POST /prepaid-cardholder': addressRequired,
    });
    renderFlow();
    const user = userEvent.setup();

    const issuedTo = within(await screen.findByRole('region', { name: 'Card issued to' }));
    expect(await issuedTo.findByText('No address on file')).toBeTruthy();
    expect(issuedTo.getByRole('link', { name: 'Add your address' }).getAttribute('href')).toBe(
      '/update-profile',
    );

    await user.type(screen.getByLabelText('Amount to redeem (USD)'), '25');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Update Address' })).toBeTruthy();
    expect(location()).toBe('/update-profile');
    expect(JSON.parse(screen.getByTestId('location').dataset.state ?? 'null')).toEqual({
      returnTo: '/redeem/prepaid',
    });
    expect(screen.getByRole('link', { name: /Back/ }).getAttribute('href')).toBe('/redeem/prepaid');
    // The amount waits for the customer's return.
    expect(redemptionFlow.get()).toMatchObject({ mode: 'prepaid', amount: 2500 });
  });

  it("shows the issuer's refusal and stays", async () => {
    prepaidApi({
      'POST /prepaid-cardholder': () =>
        json(
          {
            code: 6014,
            code_description: 'CARD_ISSUER_UNAVAILABLE',
            message: 'We could not reach the card issuer right now. Please try again shortly.',
          },
          503,
        ),
    });
    renderFlow();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Amount to redeem (USD)'), '25');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'We could not reach the card issuer right now. Please try again shortly.',
    );
    expect(location()).toBe('/redeem/prepaid');
  });

  it('says the method is unavailable when it is not offered', async () => {
    const api = prepaidApi({
      'GET /redemption-methods': () => json({ data: [{ ...prepaidMethod, is_available: false }] }),
    });
    renderFlow();
    expect(
      await screen.findByText('This redemption method is unavailable at this moment.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to home' }).getAttribute('href')).toBe('/');
    expect(screen.queryByLabelText('Amount to redeem (USD)')).toBeNull();
    await waitFor(() => expect(api.callsTo('POST /prepaid-cardholder')).toHaveLength(0));
  });
});
