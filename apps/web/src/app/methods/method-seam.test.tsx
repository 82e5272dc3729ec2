/**
 * Adding a redemption method to the web is adding one registry entry: a method only this test
 * knows, written here in a few lines and handed to the app beside the built-in ones, is redeemed
 * through the shared flow (amount and destination, Confirm Details, the passcode, the outcome)
 * without any change to it.
 */
import type { Transaction } from '@refund/contracts/redemptions';
import type * as WalletContracts from '@refund/contracts/wallet';
import type { RedemptionMode } from '@refund/contracts/wallet';
import { useQuery } from '@tanstack/react-query';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Wallet } from 'lucide-react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, json, sandboxConfig } from '../../../test/fake-api';
import { methodView } from '../../../test/method-views';
import { renderApp } from '../../../test/render-app';
import { paths } from '../../config/paths';
import type { PayoutDestination } from '../../features/redeem/payout-destination';
import { redemptionFlow } from '../../features/redeem/redemption-flow';
import { clearWithdrawalAttempt } from '../../features/redeem/withdrawal-attempt';
import type { MethodUI } from '../../lib/methods/method-ui';
import { RedeemDetailsScreen } from '../routes/redeem-details-screen';
import { MethodStartScreen } from '../routes/method-start-screen';
import { payoutStep } from '../routes/payout-step';
import { VerifyOtpScreen } from '../routes/verify-otp-screen';
import { methodRegistry } from './method-registry';

// The contracts name the modes the API may answer with; this one exists only here, as a new
// method would once the API offers it.
vi.mock('@refund/contracts/wallet', async (importOriginal) => {
  const { z } = await import('zod');
  const actual = await importOriginal<typeof WalletContracts>();
  const redemptionModes = [...actual.redemptionModes, 'paypal_test'] as const;
  const redemptionMethodSchema = actual.redemptionMethodSchema.extend({
    mode: z.enum(redemptionModes),
  });
  return {
    ...actual,
    redemptionModes,
    redemptionMethodSchema,
    redemptionMethodListSchema: z.object({ data: z.array(redemptionMethodSchema) }),
  };
});

/** The mode the contracts' type does not name: known to the app only through the registry. */
const paypal = 'paypal_test' as RedemptionMode;

interface PayPalAccount {
  id: string;
  email: string;
}
const account: PayPalAccount = {
  id: '5b8f0c2e-7a1d-4c3b-9e6f-2d4a1b0c9e8f',
  email: 'alex@example.com',
};

/** The customer's PayPal accounts, read from the API like any saved destination. */
const usePayPalAccounts = () =>
  useQuery({
    queryKey: ['paypal-test-accounts'],
    queryFn: async () => {
      const answer = await fetch('/v1/paypal-accounts');
      return ((await answer.json()) as { data: PayPalAccount[] }).data;
    },
  });

const payPalDestination: PayoutDestination<PayPalAccount> = {
  mode: paypal,
  useSaved: usePayPalAccounts,
  idOf: (saved) => saved.id,
  label: (saved) => `PayPal · ${saved.email}`,
  detail: () => 'PayPal account',
  AddActions: () => null,
};

/** Its start screen: the shared start screen, its step the shared payout step over its accounts. */
const PayPalStep = payoutStep(payPalDestination);
const RedeemPayPalScreen = () => <MethodStartScreen mode={paypal} Step={PayPalStep} />;

const payPalMethod: MethodUI = {
  icon: Wallet,
  labelKey: 'wallet.methods.paypal_test.name',
  descriptionKey: 'wallet.methods.paypal_test.description',
  titleKey: 'titles.redeemPayPal',
  introKey: 'redeem.paypal_test.intro',
  startHref: () => '/redeem/paypal_test',
  screens: [{ path: '/redeem/paypal_test', Screen: RedeemPayPalScreen }],
  confirm: { editKey: 'redeem.confirm.edit', arrivalKey: 'redeem.confirm.arrival.paypal_test' },
  outcome: {
    message: (tx) => ({
      key: tx.status === 'Successful' ? 'redeem.outcome.paypalSent' : 'redeem.outcome.onItsWay',
    }),
  },
  destinationText: (_t, tx) => `PayPal · ${tx.destination.bank_name ?? ''}`,
  details: {
    destinationLabelKey: 'transactions.details.bankAccount',
    returnedTitleKey: 'transactions.details.returnedTitle.bank',
  },
};

/** What a new method adds to the locales. */
const texts = {
  titles: { redeemPayPal: 'PayPal' },
  wallet: { methods: { paypal_test: { name: 'PayPal', description: 'To your PayPal account' } } },
  redeem: {
    paypal_test: {
      intro: 'Money to your PayPal account.',
      destinationTitle: 'Send to',
      legend: 'Your PayPal accounts',
      loading: 'Loading your PayPal accounts…',
      none: 'You have no PayPal account yet.',
      choose: 'Choose a PayPal account',
    },
    confirm: { arrival: { paypal_test: 'Within the hour' } },
    outcome: { paypalSent: 'Sent to {{destination}}.' },
  },
};

const challenge = {
  attempt_id: '1b4e28ba-2fa1-4d2b-9f8e-1e2b3c4d5e6f',
  channel: 'sms' as const,
  destination: '+1 xxx-xxx-0143',
  expires_in_seconds: 300,
  resend_available_in_seconds: 60,
};

const paid: Transaction = {
  transaction_id: '0e7c7c1a-5b8f-4d7e-8a44-9b1f2f7a6c10',
  mode: paypal,
  status: 'Successful',
  amount_in_cents: 2_500,
  fee_in_cents: 25,
  net_amount_in_cents: 2_475,
  destination: { kind: 'bank_account', brand: null, bank_name: account.email, last4: '' },
  network_reference: 'PAYPAL-0E7C7C1A',
  failure_reason: null,
  returned: false,
  created_at: '2026-11-21T10:00:00.000Z',
  completed_at: '2026-11-21T10:00:01.000Z',
};

afterEach(() => {
  redemptionFlow.reset();
  clearWithdrawalAttempt();
});

describe('a redemption method the shared flow has never heard of', () => {
  it('is redeemed through amount, destination, Confirm Details, the passcode and the outcome', async () => {
    const api = installFakeApi({
      'GET /app-config': () => json(sandboxConfig),
      'GET /redemption-methods': () =>
        json({
          data: [
            methodView('debit'),
            methodView(paypal, {
              destination_kind: 'bank_account',
              spends_bonus: false,
              min_amount: 100,
              max_amount: 100_000,
              fee_rate: 100,
            }),
          ],
        }),
      'GET /wallet/balance': () =>
        json({
          available_in_cents: 10_000,
          pending_in_cents: 0,
          bonus_in_cents: 1_000,
          bonus_expires_at: '2099-01-01T00:00:00.000Z',
          total_in_cents: 11_000,
        }),
      'GET /paypal-accounts': () => json({ data: [account] }),
      'POST /redemptions/otp': () => json(challenge),
      'POST /redemptions': () => json(paid, 201),
    });
    const user = userEvent.setup();
    renderApp(
      <Routes>
        {payPalMethod.screens.map(({ path, Screen }) => (
          <Route key={path} path={path} element={<Screen />} />
        ))}
        <Route path={paths.redeemDetails.path} element={<RedeemDetailsScreen />} />
        <Route path={paths.verifyOtp.path} element={<VerifyOtpScreen />} />
        <Route path={paths.home.path} element={<p>Home</p>} />
      </Routes>,
      {
        route: '/redeem/paypal_test',
        methods: { ...methodRegistry, [paypal]: payPalMethod },
        texts,
      },
    );

    // Amount and destination: the one saved account is chosen already.
    expect(await screen.findByRole('heading', { level: 1, name: 'PayPal' })).toBeTruthy();
    const accounts = await screen.findByRole('group', { name: 'Your PayPal accounts' });
    expect(within(accounts).getByRole('radio', { name: /PayPal · alex@example.com/ })).toBeTruthy();
    await user.type(screen.getByLabelText('Amount to redeem (USD)'), '25');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    // Confirm Details: the method's name, its arrival, and no bonus (the API says it spends none).
    expect(await screen.findByRole('heading', { name: 'Confirm Details' })).toBeTruthy();
    const row = (term: string) =>
      screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(row('Method')).toBe('PayPal');
    expect(row('To')).toBe('PayPal · alex@example.com');
    expect(row('Arrives')).toBe('Within the hour');
    expect(screen.queryByTestId('confirm-paid-bonus')).toBeNull();
    expect(screen.getByTestId('confirm-balance-after').textContent).toBe('$75.00');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    // The passcode makes the redemption by the new mode, keyed once.
    await user.type(await screen.findByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(api.callsTo('POST /redemptions')).toHaveLength(1));
    const [made] = api.callsTo('POST /redemptions');
    expect(made?.body).toEqual({
      mode: 'paypal_test',
      payment_method_uuid: account.id,
      amount_in_cents: 2_500,
      attempt_id: challenge.attempt_id,
      code: '123456',
    });
    expect(made?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(redemptionFlow.get().mode).toBeNull());

    // The outcome, which rides in the history entry (the browser's synchronous navigation is
    // not the memory router's, so it is shown as a reload would show it), speaks as the method.
    cleanup();
    renderApp(<VerifyOtpScreen />, {
      route: { pathname: paths.verifyOtp.href(), state: { outcome: paid } },
      methods: { ...methodRegistry, [paypal]: payPalMethod },
      texts,
    });
    expect(await screen.findByRole('heading', { name: 'Redemption Successful' })).toBeTruthy();
    expect(screen.getByText('Sent to PayPal · alex@example.com.').getAttribute('role')).toBe(
      'status',
    );
    expect(
      screen.getByRole('link', { name: 'View transaction details' }).getAttribute('href'),
    ).toBe(paths.transaction.href(paid.transaction_id));
  });
});
