import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, json, sandboxConfig } from '../../../../test/fake-api';
import { fakeAuthMachine, renderApp } from '../../../../test/render-app';
import { attemptFromChallenge } from '../../../lib/otp-attempt';
import { readSavedAttempt, saveAttempt } from '../otp-attempt';
import { VerifyAccount } from './verify-account';

const challenge = {
  attempt_id: '0b8f5a3e-2c1d-4e6f-8a9b-1c2d3e4f5a6b',
  channel: 'sms' as const,
  destination: '+1 xxx-xxx-4567',
  expires_in_seconds: 300,
  resend_available_in_seconds: 60,
};

function openWithAttempt() {
  const attempt = attemptFromChallenge(challenge);
  const auth = fakeAuthMachine();
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  renderApp(<VerifyAccount />, {
    route: { pathname: '/verify-account', state: { attempt } },
    machine: auth.machine,
  });
  return { auth, user };
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('verify account', () => {
  it('sends a visitor without a sign-in attempt to /auth', async () => {
    installFakeApi({});
    renderApp(<VerifyAccount />, { route: '/verify-account' });
    expect((await screen.findByTestId('location')).textContent).toBe('/auth');
  });

  it('names where the code went and keeps resend disabled for 60 seconds', async () => {
    installFakeApi({});
    openWithAttempt();
    expect(screen.getByText('We sent a 6-digit code to +1 xxx-xxx-4567.')).toBeTruthy();
    const resend = screen.getByRole('button', { name: 'Resend code' });
    expect(resend).toHaveProperty('disabled', true);
    expect(screen.getByText('You can request a new code in 60 seconds.')).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(59_000));
    expect(resend).toHaveProperty('disabled', true);
    expect(screen.getByText('You can request a new code in 1 second.')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(resend).toHaveProperty('disabled', false);
  });

  it('resends with a bot token and starts the countdown again', async () => {
    const api = installFakeApi({
      'GET /app-config': () => json(sandboxConfig),
      'POST /users/resend-code': () => json(challenge),
    });
    const { user } = openWithAttempt();
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    await user.click(screen.getByRole('button', { name: 'Resend code' }));

    expect(await screen.findByText('A new code is on its way.')).toBeTruthy();
    expect(api.callsTo('POST /users/resend-code')[0]?.body).toEqual({
      attempt_id: challenge.attempt_id,
      bot_token: 'sandbox-bot-pass',
    });
    expect(screen.getByRole('button', { name: 'Resend code' })).toHaveProperty('disabled', true);
  });

  it('shows the server message for a wrong code', async () => {
    installFakeApi({
      'POST /users/verify': () =>
        json(
          { code: 2002, code_description: 'INCORRECT_OTP', message: 'Incorrect one time passcode' },
          400,
        ),
    });
    const { user, auth } = openWithAttempt();
    await user.type(screen.getByLabelText('Verification code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Incorrect one time passcode');
    expect(auth.accepted).toHaveLength(0);
  });

  it('asks for six digits before calling the server', async () => {
    const api = installFakeApi({});
    const { user } = openWithAttempt();
    await user.type(screen.getByLabelText('Verification code'), '12a');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6-digit code')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('hands the token to the auth machine and forgets the attempt', async () => {
    const token = { access_token: 'tok', access_token_expiry_in_seconds: 900 };
    const api = installFakeApi({ 'POST /users/verify': () => json(token) });
    saveAttempt(attemptFromChallenge(challenge));
    const { user, auth } = openWithAttempt();
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    await vi.waitFor(() => expect(auth.accepted).toEqual([token]));
    expect(api.callsTo('POST /users/verify')[0]?.body).toEqual({
      attempt_id: challenge.attempt_id,
      code: '123456',
    });
    expect(readSavedAttempt()).toBeNull();
  });

  it('survives a reload through the saved attempt', () => {
    installFakeApi({});
    saveAttempt(attemptFromChallenge(challenge));
    renderApp(<VerifyAccount />, { route: '/verify-account' });
    expect(screen.getByText('We sent a 6-digit code to +1 xxx-xxx-4567.')).toBeTruthy();
  });
});
