import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { challenge, refundUuid } from '../../../../test/claim-fixtures';
import { installFakeApi, json, sandboxConfig } from '../../../../test/fake-api';
import { renderApp } from '../../../../test/render-app';
import type { ClaimVerification } from '../claim-routing-state';
import { ClaimVerify } from './claim-verify';

const byPhone: ClaimVerification = {
  purpose: 'REFUND_CLAIM',
  refund_uuid: refundUuid,
  channel: 'mobile',
  isAddPhoneNumber: false,
  destination: '+1 xxx-xxx-0143',
};
const byEmail: ClaimVerification = {
  purpose: 'VERIFY_EMAIL',
  refund_uuid: refundUuid,
  channel: 'email',
  isAddPhoneNumber: false,
  destination: 'r•••@example.com',
};
const token = { access_token: 'tok', access_token_expiry_in_seconds: 900 };

function api() {
  return installFakeApi({
    'GET /app-config': () => json(sandboxConfig),
    'POST /customers/claim-refund/otp': (call) =>
      json({
        ...challenge,
        channel: (call.body as { channel: string }).channel === 'email' ? 'email' : 'sms',
        destination:
          (call.body as { channel: string }).channel === 'email'
            ? 'r•••@example.com'
            : challenge.destination,
      }),
    'POST /customers/resend-otp': () => json(challenge),
    'POST /customers/claim-refund/verify': (call) =>
      (call.body as { code: string }).code === '123456'
        ? json(token)
        : json(
            {
              code: 2002,
              code_description: 'INCORRECT_OTP',
              message: 'Incorrect one time passcode',
            },
            400,
          ),
  });
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('claim verification', () => {
  it('sends one code to the refund phone, even under StrictMode, and names where it went', async () => {
    const calls = api();
    renderApp(
      <StrictMode>
        <ClaimVerify verification={byPhone} onVerified={() => undefined} />
      </StrictMode>,
    );
    expect(
      await screen.findByText(
        'We sent a 6-digit code to +1 xxx-xxx-0143. Enter it to claim your refund.',
      ),
    ).toBeTruthy();
    expect(calls.callsTo('POST /customers/claim-refund/otp').map((c) => c.body)).toEqual([
      {
        refund_uuid: refundUuid,
        channel: 'mobile',
        purpose: 'REFUND_CLAIM',
        bot_token: 'sandbox-bot-pass',
      },
    ]);
    expect(screen.getByRole('button', { name: 'Resend code' })).toHaveProperty('disabled', true);
  });

  it('verifies an email with the VERIFY_EMAIL purpose', async () => {
    const calls = api();
    renderApp(<ClaimVerify verification={byEmail} onVerified={() => undefined} />);
    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeTruthy();
    expect(screen.getByText(/We sent a 6-digit code to r•••@example\.com\./)).toBeTruthy();
    expect(calls.callsTo('POST /customers/claim-refund/otp')[0]?.body).toMatchObject({
      channel: 'email',
      purpose: 'VERIFY_EMAIL',
    });
  });

  it('shows the server message for a wrong code, and hands over the token for the right one', async () => {
    api();
    const onVerified = vi.fn();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderApp(<ClaimVerify verification={byPhone} onVerified={onVerified} />);
    const field = await screen.findByLabelText('Verification code');

    await user.type(field, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Incorrect one time passcode');
    expect(onVerified).not.toHaveBeenCalled();

    await user.clear(field);
    await user.type(field, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await vi.waitFor(() => expect(onVerified).toHaveBeenCalledWith(token));
    expect(sessionStorage.getItem('claim_otp_attempt')).toBeNull();
  });

  it('resends with the purpose after the 60 second countdown', async () => {
    const calls = api();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderApp(<ClaimVerify verification={byEmail} onVerified={() => undefined} />);
    await screen.findByLabelText('Verification code');
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    await user.click(screen.getByRole('button', { name: 'Resend code' }));

    expect(await screen.findByText('A new code is on its way.')).toBeTruthy();
    expect(calls.callsTo('POST /customers/resend-otp')[0]?.body).toEqual({
      purpose: 'VERIFY_EMAIL',
      attempt_id: challenge.attempt_id,
      bot_token: 'sandbox-bot-pass',
    });
  });

  it('after a reload shows the code already sent instead of sending another', async () => {
    const calls = api();
    const first = renderApp(<ClaimVerify verification={byPhone} onVerified={() => undefined} />);
    await screen.findByLabelText('Verification code');
    first.unmount();
    renderApp(<ClaimVerify verification={byPhone} onVerified={() => undefined} />);
    expect(await screen.findByLabelText('Verification code')).toBeTruthy();
    expect(calls.callsTo('POST /customers/claim-refund/otp')).toHaveLength(1);
  });

  it('offers a retry when the code cannot be sent', async () => {
    installFakeApi({
      'GET /app-config': () => json(sandboxConfig),
      'POST /customers/claim-refund/otp': () =>
        json(
          {
            code: 2006,
            code_description: 'OTP_SEND_LIMIT',
            message: 'Too many codes requested. Please try again later.',
          },
          429,
        ),
    });
    renderApp(<ClaimVerify verification={byPhone} onVerified={() => undefined} />);
    expect(
      (await screen.findByRole('alert')).textContent?.includes(
        'Too many codes requested. Please try again later.',
      ),
    ).toBe(true);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
