import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeApi, json, sandboxConfig } from '../../../test/fake-api';
import { fakeAuthMachine, renderApp } from '../../../test/render-app';
import type { AuthState } from '../../features/auth/auth-machine';
import { createReturnPathStore } from '../../features/auth/return-path';
import { giftCardDetails } from '../../features/giftcards/gift-card-fixtures';
import { AppRoutes } from '../app-routes';

const signedIn: AuthState = {
  status: 'AuthSuccessful',
  user: {
    user_uuid: '4f6c1b9e-2d7a-4c55-9a61-0c2b8e7d3f10',
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.com',
    email_verified: true,
    phone_number: '5551234567',
    address: [],
    date_of_birth: '1990-05-01',
  },
  offline: false,
};
const reference = 'GC-7KQ2MX9PTA';

function open(route: string | { pathname: string; state: unknown }) {
  const api = installFakeApi({
    'GET /app-config': () => json(sandboxConfig),
    [`GET /giftcards/${reference}`]: () => json(giftCardDetails()),
    [`POST /giftcards/${reference}/view-later`]: () => new Response(null, { status: 204 }),
    'GET /giftcards': () => json({ data: [], next_cursor: null }),
  });
  renderApp(<AppRoutes returnPaths={createReturnPathStore(sessionStorage)} />, {
    route,
    machine: fakeAuthMachine(signedIn).machine,
  });
  return { api, location: () => screen.getByTestId('location').textContent };
}

const stepTexts = () =>
  within(within(screen.getByRole('main')).getByRole('list'))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('gift card screens', () => {
  it('the instructions page is not taken for a card, and names the support line', async () => {
    const { api } = open('/profile/giftcards-history/instructions');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Gift Card Instructions' }),
    ).toBeTruthy();
    expect(await screen.findByRole('link', { name: '877.558.2646' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '877.558.2646' }).getAttribute('href')).toBe(
      'tel:+18775582646',
    );
    expect(
      (await screen.findByRole('link', { name: 'help@refundly.example' })).getAttribute('href'),
    ).toBe('mailto:help@refundly.example');
    expect(screen.getByRole('heading', { name: 'Terms' })).toBeTruthy();
    expect(api.calls.filter((c) => c.path.startsWith('/giftcards/'))).toHaveLength(0);
  });

  it("the instructions opened from a card show that card's terms and lead back to it", async () => {
    open(`/profile/giftcards-history/instructions?ref=${reference}`);
    const terms = within(await screen.findByRole('region', { name: 'Harbor Coffee Co. terms' }));
    expect(terms.getByText(giftCardDetails().terms)).toBeTruthy();
    expect(terms.getByText(giftCardDetails().description)).toBeTruthy();
    expect(screen.getByRole('link', { name: /Gift Card Details/ }).getAttribute('href')).toBe(
      `/profile/giftcards-history/${reference}`,
    );
  });

  it('View later on a card leads to /view-later, which says the link was sent', async () => {
    const { location } = open(`/profile/giftcards-history/${reference}`);
    await userEvent.click(await screen.findByRole('button', { name: 'View later' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'View Later' })).toBeTruthy();
    expect(location()).toBe('/view-later');
    expect(screen.getByText('We sent you a link to your gift card by message.')).toBeTruthy();
    expect(stepTexts()).toEqual([
      '1Click the link in the message.',
      '2Log in with your phone number.',
      '3Follow the redemption instructions.',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Okay, Got it!' }));
    await waitFor(() => expect(location()).toBe('/profile/giftcards-history'));
  });

  it('/view-later opened directly explains the steps without claiming a text was sent', async () => {
    open('/view-later');
    expect(await screen.findByRole('heading', { level: 1, name: 'View Later' })).toBeTruthy();
    expect(screen.queryByText('We sent you a link to your gift card by message.')).toBeNull();
    expect(
      screen.getByText(
        'When you choose View later on a gift card, we send you a link to it by message.',
      ),
    ).toBeTruthy();
    expect(stepTexts()).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Okay, Got it!' })).toBeTruthy();
  });

  it('the wallet shows its title and links to the instructions', async () => {
    open('/profile/giftcards-history');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Gift Card History' }),
    ).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'How to use your gift cards' }).getAttribute('href'),
    ).toBe('/profile/giftcards-history/instructions');
    expect(await screen.findByRole('heading', { name: 'No gift cards yet' })).toBeTruthy();
  });
});
