import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, json, sandboxConfig } from '../../../../test/fake-api';
import { renderApp } from '../../../../test/render-app';
import { attemptFromChallenge } from '../../../lib/otp-attempt';
import { initialRedemptionFlow } from '../redemption-flow';
import { clearWithdrawalAttempt, saveWithdrawalAttempt } from '../withdrawal-attempt';
import { WithdrawalVerify } from './withdrawal-verify';

const cardUuid = '7d0f8a9e-3f0b-4c55-9a55-3c9f7f0c2b11';
const attemptId = '1b4e28ba-2fa1-4d2b-9f8e-1e2b3c4d5e6f';
const challenge = {
  attempt_id: attemptId,
  channel: 'sms' as const,
  destination: '+1 xxx-xxx-0143',
  expires_in_seconds: 300,
  resend_available_in_seconds: 60,
};
const flow = {
  ...initialRedemptionFlow,
  mode: 'debit' as const,
  amount: 5000,
  gross_amount_in_cents: 5000,
  fee_rate: 150,
  selectedPaymentMethodUUID: cardUuid,
  display_name: 'Visa •••• 5556',
  orderID: 'order-0001',
};
const transaction = {
  transaction_id: '0e7c7c1a-5b8f-4d7e-8a44-9b1f2f7a6c10',
  mode: 'debit',
  status: 'Successful',
  amount_in_cents: 5000,
  fee_in_cents: 75,
  net_amount_in_cents: 4925,
  destination: { kind: 'card', brand: 'visa', bank_name: null, last4: '5556' },
  network_reference: 'SBX123',
  failure_reason: null,
  returned: false,
  created_at: '2026-11-21T10:00:00.000Z',
  completed_at: '2026-11-21T10:00:01.000Z',
};

afterEach(() => clearWithdrawalAttempt());

describe('withdrawal passcode', () => {
  it('texts one code when none is on its way, even under StrictMode', async () => {
    const calls = installFakeApi({ 'POST /redemptions/otp': () => json(challenge) });
    // The whole tree in StrictMode, so the mount effect really runs twice.
    renderApp(<WithdrawalVerify flow={flow} onRedeemed={() => undefined} />, { strict: true });
    expect(
      await screen.findByText('Enter the 6-digit withdrawal passcode we sent to +1 xxx-xxx-0143.'),
    ).toBeTruthy();
    expect(calls.callsTo('POST /redemptions/otp')).toHaveLength(1);
  });

  it('retries a lost answer with the same Idempotency-Key, so it can never pay twice', async () => {
    saveWithdrawalAttempt('order-0001', attemptFromChallenge(challenge));
    let answers = 0;
    const calls = installFakeApi({
      'POST /redemptions': () => {
        answers += 1;
        // The client tries a keyed call twice more by itself; all three answers are lost.
        if (answers <= 3) return Promise.reject(new TypeError('Failed to fetch'));
        return json(transaction, 201);
      },
    });
    const onRedeemed = vi.fn();
    renderApp(<WithdrawalVerify flow={flow} onRedeemed={onRedeemed} />);
    const user = userEvent.setup();

    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert', {}, { timeout: 5_000 })).toBeTruthy();
    expect(onRedeemed).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await vi.waitFor(() => expect(onRedeemed).toHaveBeenCalledWith(transaction));

    const posts = calls.callsTo('POST /redemptions');
    expect(posts.map((c) => c.headers.get('Idempotency-Key'))).toEqual(
      Array.from({ length: 4 }, () => 'order-0001'),
    );
    expect(posts[3]?.body).toEqual({
      mode: 'debit',
      payment_method_uuid: cardUuid,
      amount_in_cents: 5000,
      attempt_id: attemptId,
      code: '123456',
    });
    // No second code was texted: the saved attempt was used.
    expect(calls.callsTo('POST /redemptions/otp')).toHaveLength(0);
  });

  it("shows the server's refusal of a wrong code", async () => {
    saveWithdrawalAttempt('order-0001', attemptFromChallenge(challenge));
    installFakeApi({
      'POST /redemptions': () =>
        json(
          { code: 2002, code_description: 'INCORRECT_OTP', message: 'Incorrect one time passcode' },
          400,
        ),
    });
    renderApp(<WithdrawalVerify flow={flow} onRedeemed={() => undefined} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Verification code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Incorrect one time passcode');
  });

  it('buys a gift card with its quote as the destination, passing the bot check', async () => {
    saveWithdrawalAttempt('order-0002', attemptFromChallenge(challenge));
    const quoteId = '5f1c0b9a-7e2d-4c3b-9a8f-6e5d4c3b2a10';
    const calls = installFakeApi({
      'GET /app-config': () => json(sandboxConfig),
      'POST /redemptions': () =>
        json(
          {
            ...transaction,
            mode: 'giftcard',
            status: 'Pending',
            fee_in_cents: 0,
            net_amount_in_cents: 5000,
            destination: { kind: 'gift_card', brand: 'Harbor Coffee', bank_name: null, last4: '' },
            completed_at: null,
          },
          201,
        ),
    });
    const onRedeemed = vi.fn();
    renderApp(
      <WithdrawalVerify
        flow={{
          ...flow,
          mode: 'giftcard',
          fee_rate: 0,
          selectedPaymentMethodUUID: quoteId,
          orderID: 'order-0002',
        }}
        onRedeemed={onRedeemed}
      />,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await vi.waitFor(() => expect(onRedeemed).toHaveBeenCalled());
    const [post] = calls.callsTo('POST /redemptions');
    expect(post?.headers.get('Idempotency-Key')).toBe('order-0002');
    expect(post?.body).toEqual({
      mode: 'giftcard',
      payment_method_uuid: quoteId,
      amount_in_cents: 5000,
      attempt_id: attemptId,
      code: '123456',
      bot_token: 'sandbox-bot-pass',
    });
  });
});
