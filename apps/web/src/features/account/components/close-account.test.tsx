import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { installFakeApi, json } from '../../../../test/fake-api';
import { renderApp } from '../../../../test/render-app';
import { CloseAccount } from './close-account';

const closable = {
  closable: true,
  blockers: [],
  available_in_cents: 0,
  pending_in_cents: 0,
  pending_redemptions: 0,
};
const challenge = {
  attempt_id: '8c0f2f43-0a43-4b8e-9f3c-2f8e6e0b4a11',
  channel: 'sms',
  destination: '+1 xxx-xxx-0143',
  expires_in_seconds: 300,
  resend_available_in_seconds: 60,
};
const refusal = (code: number, name: string, message: string, status: number) =>
  json({ code, code_description: name, message }, status);

function renderCloseAccount() {
  const onClosed = vi.fn();
  renderApp(<CloseAccount redeemHref="/" onClosed={onClosed} />);
  return onClosed;
}

describe('closing the account', () => {
  it('with money in the wallet, shows the balance and the way to redeem it, and offers no closing', async () => {
    const api = installFakeApi({
      'GET /users/closure': () =>
        json({
          closable: false,
          blockers: ['available_balance', 'held_balance'],
          available_in_cents: 4250,
          pending_in_cents: 1000,
          pending_redemptions: 0,
        }),
    });
    renderCloseAccount();
    expect(
      await screen.findByRole('heading', { name: "You can't close your account yet" }),
    ).toBeTruthy();
    expect(screen.getByText('$42.50')).toBeTruthy();
    expect(screen.getByText('$10.00')).toBeTruthy();
    expect(screen.getByText(/Redeem your balance first/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Redeem my balance' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('button', { name: 'Close my account' })).toBeNull();
    expect(api.callsTo('POST /users/closure/otp')).toHaveLength(0);
  });

  it('with a redemption on its way, says to wait for it', async () => {
    installFakeApi({
      'GET /users/closure': () =>
        json({
          ...closable,
          closable: false,
          blockers: ['pending_redemption'],
          pending_redemptions: 1,
        }),
    });
    renderCloseAccount();
    expect(
      await screen.findByText(
        'A redemption is still on its way. You can close your account once it has completed.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Redeem my balance' })).toBeNull();
  });

  it('texts a passcode, refuses a wrong one, and closes with the right one', async () => {
    const api = installFakeApi({
      'GET /users/closure': () => json(closable),
      'POST /users/closure/otp': () => json(challenge),
      'POST /users/close': (call) =>
        (call.body as { code?: string }).code === '123456'
          ? json({ closed_at: '2026-11-28T07:00:00.000Z' })
          : refusal(2002, 'INCORRECT_OTP', 'Incorrect one time passcode', 400),
    });
    const onClosed = renderCloseAccount();
    const user = userEvent.setup();
    expect(
      await screen.findByRole('heading', { name: 'What happens when you close your account' }),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Close my account' }));
    expect(
      await screen.findByText(
        'To close your account, enter the 6-digit passcode we sent to +1 xxx-xxx-0143.',
      ),
    ).toBeTruthy();

    const field = screen.getByLabelText('Verification code');
    await user.type(field, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Incorrect one time passcode')).toBeTruthy();
    expect(onClosed).not.toHaveBeenCalled();

    await user.clear(field);
    await user.type(field, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await vi.waitFor(() => expect(onClosed).toHaveBeenCalledTimes(1));
    expect(api.callsTo('POST /users/close').map((c) => c.body)).toEqual([
      { attempt_id: challenge.attempt_id, code: '000000' },
      { attempt_id: challenge.attempt_id, code: '123456' },
    ]);
  });

  it('shows the refusal when money arrived after the screen was read', async () => {
    installFakeApi({
      'GET /users/closure': () => json(closable),
      'POST /users/closure/otp': () =>
        refusal(
          8010,
          'ACCOUNT_NOT_EMPTY',
          'Your wallet still holds money. Redeem your balance first (to a debit card, a bank account or a gift card), then close your account.',
          409,
        ),
    });
    renderCloseAccount();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Close my account' }));
    expect(await screen.findByText(/Your wallet still holds money/)).toBeTruthy();
  });
});
