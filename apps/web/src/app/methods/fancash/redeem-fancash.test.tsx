import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../../../../test/claim-fixtures';
import { installFakeApi, json, sandboxConfig } from '../../../../test/fake-api';
import { fakeAuthMachine, renderApp } from '../../../../test/render-app';
import { paths } from '../../../config/paths';
import { fanCashLink, fanCashMethod, linkState } from '../../../features/fancash/fancash-fixtures';
import { redemptionFlow } from '../../../features/redeem/redemption-flow';
import { leaveApp } from '../../../lib/leave-app';
import { RedeemFanCashScreen } from './redeem-fancash-screen';

vi.mock('../../../lib/leave-app', () => ({ leaveApp: vi.fn() }));

const authorizeUrl = `http://localhost/v1/sandbox/fancash-link?state=${linkState}`;
const sandboxCode = 'sbx-fan.eyJmYW5JZCI6IkZBTi1TQU5EQk9YLTAwMDEifQ';

function fanCashApi(extra: Parameters<typeof installFakeApi>[0] = {}) {
  return installFakeApi({
    'GET /app-config': () => json(sandboxConfig),
    'GET /redemption-methods': () => json({ data: [fanCashMethod] }),
    'GET /wallet/balance': () =>
      json({ available_in_cents: 20_000, pending_in_cents: 0, total_in_cents: 20_000 }),
    'GET /fancash/link': () => json({ link: null }),
    'POST /fancash/link/start': () => json({ authorize_url: authorizeUrl }),
    'POST /fancash/link/complete': () => json(fanCashLink),
    'DELETE /fancash/link': () => new Response(null, { status: 204 }),
    ...extra,
  });
}

function renderScreen(route: string = paths.redeemFanCash.href()) {
  return renderApp(
    <Routes>
      <Route path={paths.redeemFanCash.path} element={<RedeemFanCashScreen />} />
    </Routes>,
    { route, machine: fakeAuthMachine(signedIn).machine, strict: true },
  );
}

const location = () => screen.getByTestId('location').textContent;
const account = () => within(screen.getByRole('region', { name: 'Your FanCash account' }));

afterEach(() => {
  redemptionFlow.reset();
  vi.mocked(leaveApp).mockClear();
});

describe('linking a FanCash account', () => {
  it('explains FanCash and sends the customer to the merchant to link an account', async () => {
    const api = fanCashApi();
    renderScreen();
    const user = userEvent.setup();

    const heading = screen.getByRole('heading', { level: 1, name: 'FanCash' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByText('Loading…')).toBeTruthy();

    const link = await screen.findByRole('button', { name: 'Link your FanCash account' });
    expect(account().getByText('No FanCash account is linked yet.')).toBeTruthy();
    expect(
      account().getByText("FanCash is store credit you spend at your team's shop."),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Amount to redeem (USD)')).toBeNull();

    await user.click(link);
    await waitFor(() => expect(leaveApp).toHaveBeenCalledWith(authorizeUrl));
    expect(api.callsTo('POST /fancash/link/start')).toHaveLength(1);
    // Leaving: the button stays busy until the merchant's page opens.
    expect(link.getAttribute('aria-busy')).toBe('true');
  });

  it('says why the sign-in could not be started, and can try again', async () => {
    let answer = () =>
      json(
        {
          code: 6017,
          code_description: 'FANCASH_UNAVAILABLE',
          message: 'We could not reach FanCash right now. Please try again shortly.',
        },
        503,
      );
    fanCashApi({ 'POST /fancash/link/start': () => answer() });
    renderScreen();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Link your FanCash account' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'We could not reach FanCash right now. Please try again shortly.',
    );
    expect(leaveApp).not.toHaveBeenCalled();

    answer = () => json({ authorize_url: authorizeUrl });
    await user.click(screen.getByRole('button', { name: 'Link your FanCash account' }));
    await waitFor(() => expect(leaveApp).toHaveBeenCalledWith(authorizeUrl));
  });

  it('completes the link once on the way back, even under StrictMode, and clears the address', async () => {
    // The page's reads of the link begun before the link was made answer "none" only after it:
    // they must not undo it.
    let answerEarlyReads = () => undefined as void;
    const earlyReads = new Promise<void>((resolve) => (answerEarlyReads = resolve));
    let linked = false;
    const api = fanCashApi({
      'GET /fancash/link': async () => {
        if (linked) return json({ link: fanCashLink });
        await earlyReads;
        return json({ link: null });
      },
      'POST /fancash/link/complete': () => {
        linked = true;
        setTimeout(answerEarlyReads, 50);
        return json(fanCashLink);
      },
    });
    renderScreen(`/redeem/fancash?code=${sandboxCode}&state=${linkState}`);

    expect(await screen.findByText('Finishing linking your FanCash account…')).toBeTruthy();
    expect(await screen.findByText('FanCash account linked: Alex M.')).toBeTruthy();
    expect(account().getByTestId('fancash-linked-as').textContent).toBe('Linked as Alex M.');
    expect(location()).toBe('/redeem/fancash');
    expect(api.callsTo('POST /fancash/link/complete')).toHaveLength(1);
    expect(api.callsTo('POST /fancash/link/complete')[0]?.body).toEqual({
      state: linkState,
      code: sandboxCode,
    });
    expect(await screen.findByLabelText('Amount to redeem (USD)')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(account().getByTestId('fancash-linked-as').textContent).toBe('Linked as Alex M.');
  });

  it.each([
    [
      'FANCASH_ALREADY_LINKED',
      409,
      6016,
      'This FanCash account is already linked to another customer.',
    ],
    [
      'FANCASH_LINK_INVALID',
      400,
      6015,
      'This sign-in has expired or was already used. Please link your account again.',
    ],
  ])(
    'shows a refused link (%s) once the address is clean, with a way to try again',
    async (name, status, code, message) => {
      const api = fanCashApi({
        'POST /fancash/link/complete': () =>
          json({ code, code_description: name, message }, status),
      });
      renderScreen(`/redeem/fancash?code=${sandboxCode}&state=${linkState}`);
      const user = userEvent.setup();

      const failure = await screen.findByTestId('fancash-link-failure');
      expect(failure.getAttribute('role')).toBe('alert');
      expect(failure.textContent).toBe(`We couldn't link your FanCash account${message}`);
      expect(location()).toBe('/redeem/fancash');
      expect(api.callsTo('POST /fancash/link/complete')).toHaveLength(1);

      await user.click(screen.getByRole('button', { name: 'Try again' }));
      await waitFor(() => expect(leaveApp).toHaveBeenCalledWith(authorizeUrl));
    },
  );

  it('says so when the customer cancelled at the merchant, without completing anything', async () => {
    const api = fanCashApi();
    renderScreen(`/redeem/fancash?error=access_denied&state=${linkState}`);

    expect((await screen.findByTestId('fancash-link-failure')).textContent).toBe(
      'FanCash linking cancelledYou left before your FanCash account was linked.',
    );
    expect(location()).toBe('/redeem/fancash');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(api.callsTo('POST /fancash/link/complete')).toHaveLength(0);
  });

  it('never sends a code without a well-formed state', async () => {
    const api = fanCashApi();
    renderScreen(`/redeem/fancash?code=${sandboxCode}&state=short`);
    expect((await screen.findByTestId('fancash-link-failure')).textContent).toBe(
      "We couldn't link your FanCash accountSomething went wrong while linking your FanCash account. Please try again.",
    );
    expect(api.callsTo('POST /fancash/link/complete')).toHaveLength(0);
  });

  it('shows the linked account and unlinks it', async () => {
    const api = fanCashApi({ 'GET /fancash/link': () => json({ link: fanCashLink }) });
    renderScreen();
    const user = userEvent.setup();

    expect((await screen.findByTestId('fancash-linked-as')).textContent).toBe('Linked as Alex M.');
    expect(account().getByText('Linked on 1/2/2030')).toBeTruthy();

    await user.click(account().getByRole('button', { name: 'Unlink Alex M.' }));
    expect(await screen.findByText('FanCash account unlinked')).toBeTruthy();
    expect(api.callsTo('DELETE /fancash/link')).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Link your FanCash account' })).toBeTruthy();
    expect(screen.queryByLabelText('Amount to redeem (USD)')).toBeNull();
    // Focus moves from the button that is gone to the account's heading.
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { level: 2, name: 'Your FanCash account' }),
    );
  });

  it('links a different account from the linked one', async () => {
    fanCashApi({ 'GET /fancash/link': () => json({ link: fanCashLink }) });
    renderScreen();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Use a different account' }));
    await waitFor(() => expect(leaveApp).toHaveBeenCalledWith(authorizeUrl));
  });

  it('says the method is unavailable when it is not offered', async () => {
    const api = fanCashApi({
      'GET /redemption-methods': () => json({ data: [{ ...fanCashMethod, is_available: false }] }),
    });
    renderScreen();
    expect(
      await screen.findByText('This redemption method is unavailable at this moment.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to home' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('button', { name: 'Link your FanCash account' })).toBeNull();
    expect(api.callsTo('POST /fancash/link/start')).toHaveLength(0);
  });

  it('says records could not be fetched when the link cannot be read, and retries', async () => {
    let fail = true;
    fanCashApi({
      'GET /fancash/link': () =>
        fail
          ? json(
              { code: 3001, code_description: 'INTERNAL', message: 'Internal Server error' },
              500,
            )
          : json({ link: fanCashLink }),
    });
    renderScreen();
    const user = userEvent.setup();
    expect(await screen.findByText('Error occured while fetching records')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect((await screen.findByTestId('fancash-linked-as')).textContent).toBe('Linked as Alex M.');
  });
});
