import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedIn } from '../../../test/claim-fixtures';
import { installFakeApi, json, sandboxConfig } from '../../../test/fake-api';
import { fakeAuthMachine, renderApp } from '../../../test/render-app';
import { paths } from '../../config/paths';
import { cardTransaction, returnedAchTransaction } from '../../../test/transaction-fixtures';
import { VerifyOtpScreen } from './verify-otp-screen';

const failed = { status: 'Failed', completed_at: null, returned: false } as const;

describe('a failed redemption', () => {
  it.each([
    ['a declined card payout', cardTransaction(failed), '/redeem/debit'],
    ['a refused ACH transfer', returnedAchTransaction(failed), '/redeem/bank'],
  ])("starts %s again from its method's first step", async (_, transaction, href) => {
    installFakeApi({ 'GET /app-config': () => json(sandboxConfig) });
    renderApp(<VerifyOtpScreen />, {
      route: { pathname: paths.verifyOtp.href(), state: { outcome: transaction } },
      machine: fakeAuthMachine(signedIn).machine,
    });
    const retry = await screen.findByRole('link', { name: 'Try another way' });
    expect(retry.getAttribute('href')).toBe(href);
  });
});
