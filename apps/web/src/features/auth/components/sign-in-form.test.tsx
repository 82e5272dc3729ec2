import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeApi, json, sandboxConfig } from '../../../../test/fake-api';
import { renderApp } from '../../../../test/render-app';
import { SignInForm } from './sign-in-form';

const challenge = {
  attempt_id: '0b8f5a3e-2c1d-4e6f-8a9b-1c2d3e4f5a6b',
  channel: 'sms',
  destination: '+1 xxx-xxx-4567',
  expires_in_seconds: 300,
  resend_available_in_seconds: 60,
};

describe('sign-in form', () => {
  it('explains an invalid phone number and sends nothing', async () => {
    const api = installFakeApi({});
    renderApp(<SignInForm />, { route: '/auth' });
    const phone = screen.getByLabelText('Phone number');
    await userEvent.type(phone, '555-12');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText('Enter a valid 10-digit US phone number')).toBeTruthy();
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(api.calls).toHaveLength(0);
  });

  it('requests a code with the ten digits and a bot token, then opens verification', async () => {
    const api = installFakeApi({
      'GET /app-config': () => json(sandboxConfig),
      'POST /users/signin': () => json(challenge),
    });
    renderApp(<SignInForm />, { route: '/auth' });
    await userEvent.type(screen.getByLabelText('Phone number'), '(555) 123-4567');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    const location = await screen.findByText('/verify-account');
    expect(api.callsTo('POST /users/signin')[0]?.body).toEqual({
      phone_number: '5551234567',
      bot_token: 'sandbox-bot-pass',
    });
    const state = JSON.parse(location.getAttribute('data-state') ?? 'null') as {
      attempt: { challenge: unknown };
    };
    expect(state.attempt.challenge).toEqual(challenge);
  });

  it('shows the server message in a toast when the request fails', async () => {
    installFakeApi({
      'GET /app-config': () => json(sandboxConfig),
      'POST /users/signin': () =>
        json(
          {
            code: 2006,
            code_description: 'OTP_SEND_LIMIT',
            message: 'Too many codes requested. Please try again later.',
          },
          429,
        ),
    });
    renderApp(<SignInForm />, { route: '/auth' });
    await userEvent.type(screen.getByLabelText('Phone number'), '5551234567');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    expect(
      await screen.findByText('Too many codes requested. Please try again later.'),
    ).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/auth');
  });
});
