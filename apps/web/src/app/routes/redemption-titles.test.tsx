import type { Transaction } from '@refund/contracts/redemptions';
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { signedIn } from '../../../test/claim-fixtures';
import { installFakeApi, json, sandboxConfig } from '../../../test/fake-api';
import { fakeAuthMachine, renderApp } from '../../../test/render-app';
import { paths } from '../../config/paths';
import { cardTransaction, returnedAchTransaction } from '../../../test/transaction-fixtures';
import { RedemptionDetailsScreen } from './redemption-details-screen';
import { TransactionScreen } from './transaction-screen';
import { VerifyOtpScreen } from './verify-otp-screen';

const pendingAch = (): Transaction =>
  returnedAchTransaction({
    status: 'Pending',
    returned: false,
    failure_reason: null,
    completed_at: null,
  });
const declinedCard = (): Transaction =>
  cardTransaction({
    status: 'Failed',
    failure_reason: 'The card issuer declined the payout.',
    completed_at: null,
  });

const cases = [
  ['a pending ACH payout', 'Redemption Pending', pendingAch],
  ['a paid card payout', 'Redemption Successful', () => cardTransaction()],
  ['a declined card payout', 'Redemption failed', declinedCard],
] as const;

async function expectTitled(title: string) {
  expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
  await waitFor(() => expect(document.title).toBe(`${title} - Refundly`));
  // No other status is claimed anywhere on the page.
  for (const other of ['Redemption Pending', 'Redemption Successful', 'Redemption failed']) {
    if (other !== title) expect(screen.queryByText(other)).toBeNull();
  }
}

describe('redemption titles follow the payout status', () => {
  it.each(cases)('the outcome of %s is headed and titled "%s"', async (_, title, make) => {
    const transaction = make();
    installFakeApi({ 'GET /app-config': () => json(sandboxConfig) });
    renderApp(<VerifyOtpScreen />, {
      route: { pathname: paths.verifyOtp.href(), state: { outcome: transaction } },
      machine: fakeAuthMachine(signedIn).machine,
    });
    await expectTitled(title);
  });

  it.each(cases)('the details of %s are headed and titled "%s"', async (_, title, make) => {
    const transaction = make();
    installFakeApi({
      'GET /app-config': () => json(sandboxConfig),
      [`GET /transactions/${transaction.transaction_id}`]: () => json(transaction),
    });
    renderApp(
      <Routes>
        <Route path={paths.transaction.path} element={<TransactionScreen />} />
      </Routes>,
      { route: paths.transaction.href(transaction.transaction_id) },
    );
    await expectTitled(title);
  });

  it.each(cases)('the history details of %s are headed and titled "%s"', async (_, title, make) => {
    const transaction = make();
    installFakeApi({
      'GET /app-config': () => json(sandboxConfig),
      [`GET /transactions/${transaction.transaction_id}`]: () => json(transaction),
    });
    renderApp(
      <Routes>
        <Route path={paths.redemptionDetails.path} element={<RedemptionDetailsScreen />} />
      </Routes>,
      { route: paths.redemptionDetails.href(transaction.transaction_id) },
    );
    await expectTitled(title);
  });

  it('a details page that cannot load keeps its page title', async () => {
    installFakeApi({ 'GET /app-config': () => json(sandboxConfig) });
    const id = cardTransaction().transaction_id;
    renderApp(
      <Routes>
        <Route path={paths.transaction.path} element={<TransactionScreen />} />
      </Routes>,
      { route: paths.transaction.href(id) },
    );
    expect(await screen.findByRole('heading', { name: 'Transaction not found' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Transaction Details' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Transaction Details - Refundly'));
  });
});

describe('the outcome follows the payout while it is open', () => {
  it('a pending payout the bank then refuses turns Failed, with no tick at any time', async () => {
    const pending = cardTransaction({ status: 'Pending', completed_at: null });
    let now: Transaction = pending;
    installFakeApi({
      'GET /app-config': () => json(sandboxConfig),
      [`GET /transactions/${pending.transaction_id}`]: () => json(now),
    });
    renderApp(<VerifyOtpScreen />, {
      route: { pathname: paths.verifyOtp.href(), state: { outcome: pending } },
      machine: fakeAuthMachine(signedIn).machine,
    });
    await expectTitled('Redemption Pending');
    expect(document.querySelector('[data-mark]')?.getAttribute('data-mark')).toBe('pending');
    expect(document.body.textContent).not.toContain('✓');

    // The bank refuses it; the screen looks again while it is pending.
    now = { ...pending, status: 'Failed', failure_reason: 'The card issuer declined the payout.' };
    await waitFor(
      () => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Redemption failed'),
      { timeout: 8_000 },
    );
    expect(screen.getByText('The card issuer declined the payout.')).toBeTruthy();
    expect(document.querySelector('[data-mark]')?.getAttribute('data-mark')).toBe('danger');
    await waitFor(() => expect(document.title).toBe('Redemption failed - Refundly'));
  }, 15_000); // The screen looks again every five seconds while the payout is pending.
});
