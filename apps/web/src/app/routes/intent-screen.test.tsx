import { screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { signedIn } from '../../../test/claim-fixtures';
import { installFakeApi, json } from '../../../test/fake-api';
import { fakeAuthMachine, renderApp } from '../../../test/render-app';
import { IntentScreen } from './intent-screen';

const id = 'Zm9vYmFyYmF6cXV4cXV1eGNvcmdl';

describe('/intent magic link', () => {
  it('verifies once, shows the message and goes home', async () => {
    const api = installFakeApi({
      [`POST /customers/profile/verify-email/${id}`]: () =>
        json({ message: 'Your email has been verified.' }),
    });
    renderApp(
      <StrictMode>
        <IntentScreen />
      </StrictMode>,
      { route: `/intent?id=${id}`, machine: fakeAuthMachine(signedIn).machine },
    );
    expect(await screen.findByText('Your email has been verified.')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(api.callsTo(`POST /customers/profile/verify-email/${id}`)).toHaveLength(1);
  });

  it('shows the error message and goes home when the link is not valid', async () => {
    installFakeApi({
      [`POST /customers/profile/verify-email/${id}`]: () =>
        json(
          {
            code: 5007,
            code_description: 'EMAIL_LINK_INVALID',
            message: 'This verification link is invalid or has expired.',
          },
          400,
        ),
    });
    renderApp(<IntentScreen />, { route: `/intent?id=${id}` });
    expect(
      await screen.findByText('This verification link is invalid or has expired.'),
    ).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
  });
});
