import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createReturnPathStore } from '../../features/auth/return-path';
import { signedIn, signedOut } from '../../../test/claim-fixtures';
import { installFakeApi, json } from '../../../test/fake-api';
import { fakeAuthMachine, renderApp } from '../../../test/render-app';
import { IntentScreen } from './intent-screen';

const id = 'Zm9vYmFyYmF6cXV4cXV1eGNvcmdl';
const linkPath = `/customers/profile/verify-email/${id}`;

const memoryStorage = () => {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
};

const linkFor = (forSignedInAccount: boolean | null, purpose = 'verify') => ({
  email: 'robin@example.com',
  phone_number: '+1 xxx-xxx-0111',
  purpose,
  for_signed_in_account: forSignedInAccount,
});

describe('/intent magic link', () => {
  it('asks the account that asked for it to confirm, confirms once, shows the message and goes home', async () => {
    const api = installFakeApi({
      [`GET ${linkPath}`]: () => json(linkFor(true)),
      [`POST ${linkPath}`]: () => json({ message: 'Your email has been verified.' }),
    });
    renderApp(
      <StrictMode>
        <IntentScreen returnPaths={createReturnPathStore(memoryStorage())} />
      </StrictMode>,
      { route: `/intent?id=${id}`, machine: fakeAuthMachine(signedIn).machine },
    );
    expect(
      await screen.findByRole('heading', { name: 'Confirm your e-mail address' }),
    ).toBeTruthy();
    expect(screen.getByTestId('email-link-body').textContent).toBe(
      'Use robin@example.com for your account with the phone number +1 xxx-xxx-0111.',
    );
    // Nothing is confirmed by opening the page.
    expect(api.callsTo(`POST ${linkPath}`)).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Your email has been verified.')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(api.callsTo(`POST ${linkPath}`)).toHaveLength(1);
  });

  it('signed out, names the account that asked and offers to sign in to it, coming back here', async () => {
    installFakeApi({ [`GET ${linkPath}`]: () => json(linkFor(null, 'change')) });
    const returnPaths = createReturnPathStore(memoryStorage());
    renderApp(
      <Routes>
        <Route path="/intent" element={<IntentScreen returnPaths={returnPaths} />} />
        <Route path="/auth" element={<p>Sign-in page</p>} />
      </Routes>,
      { route: `/intent?id=${id}`, machine: fakeAuthMachine(signedOut).machine },
    );
    expect(await screen.findByRole('heading', { name: 'Sign in to confirm' })).toBeTruthy();
    expect(screen.getByTestId('email-link-body').textContent).toBe(
      'The account with the phone number +1 xxx-xxx-0111 asked to use robin@example.com. Sign in to that account to confirm it.',
    );
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in to confirm' }));
    expect(await screen.findByText('Sign-in page')).toBeTruthy();
    expect(returnPaths.peek()).toBe(`/intent?id=${id}`);
  });

  it('signed in to another account, cannot confirm, and can refuse the link', async () => {
    const api = installFakeApi({
      [`GET ${linkPath}`]: () => json(linkFor(false, 'change')),
      [`POST ${linkPath}/decline`]: () =>
        json({ message: 'Thank you. This link has been cancelled and will not be used.' }),
    });
    renderApp(<IntentScreen returnPaths={createReturnPathStore(memoryStorage())} />, {
      route: `/intent?id=${id}`,
      machine: fakeAuthMachine(signedIn).machine,
    });
    expect(
      await screen.findByRole('heading', { name: 'This link is for another account' }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: "This wasn't me" }));
    expect(
      await screen.findByText('Thank you. This link has been cancelled and will not be used.'),
    ).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(api.callsTo(`POST ${linkPath}/decline`)).toHaveLength(1);
    expect(api.callsTo(`POST ${linkPath}`)).toHaveLength(0);
  });

  it('shows the error message and goes home when the link is not valid', async () => {
    installFakeApi({
      [`GET ${linkPath}`]: () =>
        json(
          {
            code: 5007,
            code_description: 'EMAIL_LINK_INVALID',
            message: 'This verification link is invalid or has expired.',
          },
          400,
        ),
    });
    renderApp(<IntentScreen returnPaths={createReturnPathStore(memoryStorage())} />, {
      route: `/intent?id=${id}`,
      machine: fakeAuthMachine(signedOut).machine,
    });
    expect(
      await screen.findByText('This verification link is invalid or has expired.'),
    ).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
  });
});
