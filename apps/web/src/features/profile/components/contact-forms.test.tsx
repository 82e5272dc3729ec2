import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeApi, json } from '../../../../test/fake-api';
import { renderApp } from '../../../../test/render-app';
import { EmailForm, PhoneForm } from './personal-details-forms';

const profile = {
  user_uuid: '4f6c1b9e-2d7a-4c55-9a61-0c2b8e7d3f10',
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  email_verified: true,
  pending_email: null,
  phone_number: '5551234567',
  address: [],
  date_of_birth: '1990-05-01',
};

const challenge = (attemptId: string, destination: string) => ({
  attempt_id: attemptId,
  channel: 'sms',
  destination,
  expires_in_seconds: 600,
  resend_available_in_seconds: 60,
});
const STEP_UP = '5d0b7a52-8c1e-4f3a-9b6d-2e4f6a8c0b1d';
const NEW_PHONE = '6e1c8b63-9d2f-4a4b-8c7e-3f5a7b9d1c2e';
const stepUpAnswer = () => json(challenge(STEP_UP, '+1 xxx-xxx-4567'));
const refusal = (code: number, name: string, message: string, status = 400) =>
  json({ code, code_description: name, message }, status);

async function typeCode(code: string) {
  const field = await screen.findByLabelText('Verification code');
  await userEvent.type(field, code);
  await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
}

describe('changing the phone number', () => {
  it('asks for the code texted to the current phone first, then the new number’s code', async () => {
    const api = installFakeApi({
      'POST /users/profile/contact-change/otp': stepUpAnswer,
      'POST /users/profile/phone': () => json(challenge(NEW_PHONE, '+1 xxx-xxx-0143')),
      'POST /users/profile/phone/verify': () => json({ ...profile, phone_number: '2025550143' }),
    });
    let done = 0;
    renderApp(<PhoneForm profile={profile} onDone={() => (done += 1)} />);
    await userEvent.type(screen.getByLabelText('New phone number'), '(202) 555-0143');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('heading', { name: "Confirm it's you" })).toBeTruthy();
    expect(
      await screen.findByText(
        'To change your contact details, enter the code we texted to your current phone number +1 xxx-xxx-4567.',
      ),
    ).toBeTruthy();
    // Nothing goes to the new number before the current phone's code is given.
    expect(api.callsTo('POST /users/profile/phone')).toHaveLength(0);
    await typeCode('123456');
    await waitFor(() => expect(api.callsTo('POST /users/profile/phone')).toHaveLength(1));
    expect(api.callsTo('POST /users/profile/phone')[0]?.body).toEqual({
      phone_number: '2025550143',
      passcode: { attempt_id: STEP_UP, code: '123456' },
    });

    expect(await screen.findByText(/We texted a code to \+1 xxx-xxx-0143/)).toBeTruthy();
    await typeCode('654321');
    await waitFor(() => expect(done).toBe(1));
    expect(api.callsTo('POST /users/profile/phone/verify')[0]?.body).toEqual({
      attempt_id: NEW_PHONE,
      code: '654321',
    });
  });

  it('keeps a wrong code at the code, and takes a refused number back to the form', async () => {
    let answer = () => refusal(2002, 'INCORRECT_OTP', 'Incorrect one time passcode');
    installFakeApi({
      'POST /users/profile/contact-change/otp': stepUpAnswer,
      'POST /users/profile/phone': () => answer(),
    });
    renderApp(<PhoneForm profile={profile} onDone={() => undefined} />);
    await userEvent.type(screen.getByLabelText('New phone number'), '2025550143');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await typeCode('000000');
    expect(await screen.findByText('Incorrect one time passcode')).toBeTruthy();
    expect(screen.getByRole('heading', { name: "Confirm it's you" })).toBeTruthy();

    answer = () =>
      refusal(2007, 'PHONE_TAKEN', 'This phone number belongs to another account.', 409);
    await userEvent.clear(screen.getByLabelText('Verification code'));
    await typeCode('123456');
    expect(await screen.findByText('This phone number belongs to another account.')).toBeTruthy();
    expect(screen.getByLabelText('New phone number')).toBeTruthy();
  });
});

describe('changing the e-mail', () => {
  it('sends the link only with the code texted to the current phone', async () => {
    const api = installFakeApi({
      'POST /users/profile/contact-change/otp': stepUpAnswer,
      'POST /users/profile/email': () =>
        json({ ...profile, pending_email: 'new@example.com' }, 202),
    });
    let done = 0;
    renderApp(<EmailForm profile={profile} onDone={() => (done += 1)} />);
    const field = screen.getByLabelText('New e-mail address');
    await userEvent.clear(field);
    await userEvent.type(field, 'new@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await typeCode('123456');
    await waitFor(() => expect(done).toBe(1));
    expect(api.callsTo('POST /users/profile/email')[0]?.body).toEqual({
      email: 'new@example.com',
      passcode: { attempt_id: STEP_UP, code: '123456' },
    });
    expect(await screen.findByText('We sent a link to new@example.com')).toBeTruthy();
  });

  it('says so in place when the code cannot be sent', async () => {
    installFakeApi({
      'POST /users/profile/contact-change/otp': () =>
        refusal(2006, 'OTP_SEND_LIMIT', 'Too many codes requested. Try again in 60 minutes.', 429),
    });
    renderApp(<EmailForm profile={profile} onDone={() => undefined} />);
    await userEvent.clear(screen.getByLabelText('New e-mail address'));
    await userEvent.type(screen.getByLabelText('New e-mail address'), 'new@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Too many codes requested. Try again in 60 minutes.'),
    ).toBeTruthy();
  });
});
