import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeApi, json } from '../../../../test/fake-api';
import { renderApp } from '../../../../test/render-app';
import { SignOutOthers } from './sign-out-others';

describe('signing out of all other devices', () => {
  it('asks the server once and says how many devices were signed out', async () => {
    const api = installFakeApi({
      'POST /users/sessions/sign-out-others': () => json({ signed_out: 2 }),
    });
    renderApp(<SignOutOthers />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Sign out of all other devices' }),
    );
    expect(await screen.findByText('Signed out of 2 other devices.')).toBeTruthy();
    expect(api.callsTo('POST /users/sessions/sign-out-others')).toHaveLength(1);
  });

  it('says so when no other device was signed in', async () => {
    installFakeApi({ 'POST /users/sessions/sign-out-others': () => json({ signed_out: 0 }) });
    renderApp(<SignOutOthers />, { language: 'de' });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Auf allen anderen Geräten abmelden' }),
    );
    expect(await screen.findByText('Auf keinem anderen Gerät war jemand angemeldet.')).toBeTruthy();
  });
});
