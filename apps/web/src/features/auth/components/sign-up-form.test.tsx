import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeApi, json, sandboxConfig } from '../../../../test/fake-api';
import { renderApp } from '../../../../test/render-app';
import { SignUpForm } from './sign-up-form';

function isoDateYearsAgo(years: number): string {
  const date = new Date();
  date.setFullYear(date.getFullYear() - years);
  return date.toISOString().slice(0, 10);
}

async function fillValidForm(overrides: { dateOfBirth?: string } = {}) {
  await userEvent.type(screen.getByLabelText('First name'), 'Ada');
  await userEvent.type(screen.getByLabelText('Last name'), 'Lovelace');
  await userEvent.type(screen.getByLabelText('Email'), 'Ada@Example.com');
  await userEvent.type(screen.getByLabelText('Phone number'), '555 123 4567');
  fireEvent.change(screen.getByLabelText('Date of birth'), {
    target: { value: overrides.dateOfBirth ?? '1990-05-01' },
  });
  await userEvent.click(
    screen.getByRole('checkbox', { name: 'I agree to the Terms of Service and Privacy Agreement' }),
  );
}

describe('sign-up form', () => {
  it('lists every missing field, the date of birth and the terms', async () => {
    const api = installFakeApi({});
    renderApp(<SignUpForm />, { route: '/auth?mode=signup' });
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText('First name is required')).toBeTruthy();
    expect(screen.getByText('Last name is required')).toBeTruthy();
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Enter a valid 10-digit US phone number')).toBeTruthy();
    expect(screen.getByText('DOB is required')).toBeTruthy();
    expect(
      screen.getByText('You must accept the terms of service and privacy agreement'),
    ).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('refuses anyone under 18', async () => {
    installFakeApi({});
    renderApp(<SignUpForm />, { route: '/auth?mode=signup' });
    await fillValidForm({ dateOfBirth: isoDateYearsAgo(17) });
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText('Age must be above 18 years.')).toBeTruthy();
  });

  it('signs up with the normalised values and a bot token', async () => {
    const api = installFakeApi({
      'GET /app-config': () => json(sandboxConfig),
      'POST /users/signup': () =>
        json(
          {
            attempt_id: '0b8f5a3e-2c1d-4e6f-8a9b-1c2d3e4f5a6b',
            channel: 'sms',
            destination: '+1 xxx-xxx-4567',
            expires_in_seconds: 300,
            resend_available_in_seconds: 60,
          },
          201,
        ),
    });
    renderApp(<SignUpForm />, { route: '/auth?mode=signup' });
    await fillValidForm();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    await screen.findByText('/verify-account');
    expect(api.callsTo('POST /users/signup')[0]?.body).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      phone_number: '5551234567',
      date_of_birth: '1990-05-01',
      accepted_terms: true,
      bot_token: 'sandbox-bot-pass',
    });
  });

  it('shows why the server refused, e.g. a phone number already in use', async () => {
    installFakeApi({
      'GET /app-config': () => json(sandboxConfig),
      'POST /users/signup': () =>
        json(
          {
            code: 2007,
            code_description: 'PHONE_TAKEN',
            message: 'An account with this phone number already exists. Please sign in.',
          },
          409,
        ),
    });
    renderApp(<SignUpForm />, { route: '/auth?mode=signup' });
    await fillValidForm();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    expect(
      await screen.findByText('An account with this phone number already exists. Please sign in.'),
    ).toBeTruthy();
  });

  it('starts from the details a claim brought, asking for a phone to add', () => {
    installFakeApi({});
    renderApp(
      <SignUpForm
        defaults={{ first_name: 'Robin', email: 'robin@example.com', phone_number: null }}
        addPhoneNumber
      />,
      { route: '/auth?mode=signup' },
    );
    expect(screen.getByLabelText('First name')).toHaveProperty('value', 'Robin');
    expect(screen.getByLabelText('Email')).toHaveProperty('value', 'robin@example.com');
    const phone = screen.getByLabelText('Phone number');
    expect(phone).toHaveProperty('value', '');
    expect(document.getElementById(phone.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      "Add your mobile number: you'll use it to sign in and to receive codes.",
    );
  });
});
