import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, json } from '../../../../test/fake-api';
import { renderApp } from '../../../../test/render-app';
import { PROCESSING_REFRESH_MS } from '../api/get-gift-card';
import { credentials, giftCardDetails, passcodeChallenge } from '../gift-card-fixtures';
import { GiftCardDetails } from './gift-card-details';

const reference = 'GC-7KQ2MX9PTA';
const base = `/giftcards/${reference}`;

const refusal = (code: number, name: string, message: string, status: number) =>
  json({ code, code_description: name, message }, status);
const passcodeRequired = () =>
  refusal(
    2012,
    'PASSCODE_REQUIRED',
    'To open this gift card on this device, enter the one-time passcode we text you.',
    403,
  );

function renderDetails(onViewLaterSent = vi.fn(), language: 'en' | 'de' = 'en') {
  renderApp(
    <GiftCardDetails
      reference={reference}
      instructionsHref={`/profile/giftcards-history/instructions?ref=${reference}`}
      onViewLaterSent={onViewLaterSent}
    />,
    { language },
  );
  return onViewLaterSent;
}

afterEach(() => vi.useRealTimers());

/** The codes on screen as they read, each in its groups (components/gift-card-credentials.tsx). */
const shownCodes = () =>
  Array.from(document.querySelectorAll('[data-code-groups]'), (code) => code.textContent);

describe('gift card details', () => {
  it('shows total, cashback, type, expiry, balance check, instructions and terms', async () => {
    installFakeApi({ [`GET ${base}`]: () => json(giftCardDetails()) });
    renderDetails();
    const card = within(
      await screen.findByRole('article', { name: 'Harbor Coffee Co. gift card' }),
    );
    expect(card.getByTestId('gift-card-total').textContent).toBe('$52.00');
    expect(card.getByText('Cashback').nextElementSibling?.textContent).toBe('$2.00');
    expect(card.getByText('Gift card amount').nextElementSibling?.textContent).toBe('$50.00');
    expect(card.getByText('Type').nextElementSibling?.textContent).toBe('Online and in store');
    expect(card.getByText('Expiry').nextElementSibling?.textContent).toBe('Does not expire');
    const balance = card.getByRole('link', { name: /Check your balance/ });
    expect(balance.getAttribute('href')).toBe('https://balance.giftcards.example/harbor-coffee');
    expect(balance.getAttribute('target')).toBe('_blank');
    expect(screen.getByText(/small-batch coffee/)).toBeTruthy();
    expect(screen.getByText(/cannot be exchanged for cash/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Redeem your gift card' }).getAttribute('href')).toBe(
      `/profile/giftcards-history/instructions?ref=${reference}`,
    );
    expect(screen.getByRole('button', { name: 'View now' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'View later' })).toBeTruthy();
    // The activation link comes with the credentials only.
    expect(screen.queryByRole('link', { name: /Activate card now/ })).toBeNull();
    // A card without a brand reward says nothing of one.
    expect(card.queryByText('Brand reward')).toBeNull();
  });

  it('words the expiry from the card’s figures, in German on a German screen', async () => {
    installFakeApi({
      [`GET ${base}`]: () =>
        json(
          giftCardDetails({
            expiry_policy: 'Expires 5 years after issue',
            expiry: { type: 'after_issue', months: 60 },
          }),
        ),
    });
    renderDetails(vi.fn(), 'de');
    const card = within(
      await screen.findByRole('article', { name: 'Harbor Coffee Co.-Geschenkkarte' }),
    );
    expect(card.getByText('Läuft 5 Jahre nach Ausstellung ab')).toBeTruthy();
    expect(card.queryByText(/Expires/)).toBeNull();
    // The brand's balance check, a link out.
    const balance = card.getByRole('link', { name: /Guthaben/ });
    expect(balance.getAttribute('href')).toBe('https://balance.giftcards.example/harbor-coffee');
  });

  it('says a card that never expires does not, in German', async () => {
    installFakeApi({ [`GET ${base}`]: () => json(giftCardDetails()) });
    renderDetails(vi.fn(), 'de');
    expect(await screen.findByText('Läuft nicht ab')).toBeTruthy();
  });

  it("shows an earn-rewards card's reward beside its cashback, in its total", async () => {
    installFakeApi({
      [`GET ${base}`]: () =>
        json(giftCardDetails({ reward_in_cents: 750, total_value_in_cents: 5_950 })),
    });
    renderDetails();
    const card = within(
      await screen.findByRole('article', { name: 'Harbor Coffee Co. gift card' }),
    );
    expect(card.getByTestId('gift-card-total').textContent).toBe('$59.50');
    expect(card.getByText('Cashback').nextElementSibling?.textContent).toBe('$2.00');
    expect(card.getByText('Brand reward').nextElementSibling?.textContent).toBe('$7.50');
  });

  it('says a processing card is being issued, and shows it once issued', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let status: 'processing' | 'issued' = 'processing';
    installFakeApi({
      [`GET ${base}`]: () =>
        json(giftCardDetails({ status, credentials_available: status === 'issued' })),
    });
    renderDetails();
    const notice = await screen.findByText('We are issuing your gift card.');
    expect(notice.closest('[role="status"]')?.textContent).toContain(
      'This page updates when it is ready.',
    );
    expect(screen.queryByRole('button', { name: 'View now' })).toBeNull();
    status = 'issued';
    await vi.advanceTimersByTimeAsync(PROCESSING_REFRESH_MS);
    expect(await screen.findByRole('button', { name: 'View now' })).toBeTruthy();
    expect(screen.queryByText('We are issuing your gift card.')).toBeNull();
  });

  it('says a failed order returned the money to the wallet, with no code to open', async () => {
    installFakeApi({
      [`GET ${base}`]: () =>
        json(giftCardDetails({ status: 'failed', credentials_available: false })),
    });
    renderDetails();
    expect(await screen.findByText('This gift card order failed.')).toBeTruthy();
    expect(screen.getByText('The full $50.00 was returned to your wallet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'View now' })).toBeNull();
  });

  it('reads as not found for an unknown or someone else’s card', async () => {
    installFakeApi({
      [`GET ${base}`]: () => refusal(1006, 'NOT_FOUND', 'No gift card with this reference.', 404),
    });
    renderDetails();
    expect(await screen.findByRole('heading', { name: 'Gift card not found' })).toBeTruthy();
    expect(screen.queryByText(/\$/)).toBeNull();
  });

  it('says records could not be fetched, and retries', async () => {
    let fail = true;
    installFakeApi({
      [`GET ${base}`]: () =>
        fail ? refusal(3001, 'INTERNAL', 'Internal Server error', 500) : json(giftCardDetails()),
    });
    renderDetails();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Error occured while fetching records',
    );
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'View now' })).toBeTruthy();
  });

  it('opens the code at once on a device that opened it before', async () => {
    const api = installFakeApi({
      [`GET ${base}`]: () => json(giftCardDetails()),
      [`POST ${base}/credentials`]: () => json(credentials),
    });
    renderDetails();
    await userEvent.click(await screen.findByRole('button', { name: 'View now' }));
    const opened = within(await screen.findByRole('region', { name: 'Your code' }));
    // The code as issued, the PIN, and the barcode's digits in groups of four.
    expect(shownCodes()).toEqual(['1234-5678-9012-3456', '0421', '1234 5678 9012 3456']);
    expect(opened.getByRole('button', { name: 'Copy PIN' })).toBeTruthy();
    // The barcode a till scans, drawn once its encoder has loaded.
    const barcode = await opened.findByRole('img', { name: 'Barcode of the card number' });
    expect(barcode.querySelectorAll('path').length).toBeGreaterThan(0);
    expect(document.activeElement).toBe(opened.getByRole('heading', { name: 'Your code' }));
    const activate = opened.getByRole('link', { name: /Activate card now/ });
    expect(activate.getAttribute('href')).toBe(credentials.url);
    expect(activate.getAttribute('target')).toBe('_blank');

    const [call] = api.callsTo(`POST ${base}/credentials`);
    expect(call?.body).toEqual({});
    expect(call?.headers.get('X-Device-Id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(api.callsTo(`POST ${base}/credentials/otp`)).toHaveLength(0);

    await userEvent.click(opened.getByRole('button', { name: 'Hide' }));
    expect(shownCodes()).toEqual([]);
  });

  it('asks for a texted passcode on a new device, refuses a wrong one, opens with the right one', async () => {
    const api = installFakeApi({
      [`GET ${base}`]: () => json(giftCardDetails()),
      [`POST ${base}/credentials/otp`]: () => json(passcodeChallenge),
      [`POST ${base}/credentials`]: (call) => {
        const body = call.body as { code?: string };
        if (!body.code) return passcodeRequired();
        if (body.code !== '123456') {
          return refusal(2002, 'INCORRECT_OTP', 'Incorrect one time passcode', 400);
        }
        return json(credentials);
      },
    });
    renderDetails();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'View now' }));

    expect(
      await screen.findByText(
        'To open this gift card on this device, enter the 6-digit passcode we sent to +1 xxx-xxx-0143.',
      ),
    ).toBeTruthy();
    // The code is on its way: the customer types it next.
    expect(document.activeElement).toBe(screen.getByLabelText('Verification code'));
    expect(api.callsTo(`POST ${base}/credentials/otp`)).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Resend code' }).hasAttribute('disabled')).toBe(true);

    await user.type(screen.getByLabelText('Verification code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Incorrect one time passcode');
    expect(shownCodes()).toEqual([]);

    await user.clear(screen.getByLabelText('Verification code'));
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(shownCodes()).toContain('1234-5678-9012-3456'));

    const posts = api.callsTo(`POST ${base}/credentials`);
    expect(posts.map((c) => c.body)).toEqual([
      {},
      { attempt_id: passcodeChallenge.attempt_id, code: '654321' },
      { attempt_id: passcodeChallenge.attempt_id, code: '123456' },
    ]);
    // One device, one id, kept for the next visit.
    const ids = new Set(posts.map((c) => c.headers.get('X-Device-Id')));
    expect(ids.size).toBe(1);
    expect(localStorage.getItem('giftcard_device_id')).toBe([...ids][0]);
    // The code itself is kept nowhere.
    const stored = [localStorage, sessionStorage].flatMap((s) =>
      Object.keys(s).map((k) => s.getItem(k) ?? ''),
    );
    expect(stored.join(' ')).not.toContain('1234-5678');
  });

  it('resends the passcode once the countdown has run out', async () => {
    const api = installFakeApi({
      [`GET ${base}`]: () => json(giftCardDetails()),
      [`POST ${base}/credentials/otp`]: () =>
        json({ ...passcodeChallenge, resend_available_in_seconds: 0 }),
      [`POST ${base}/credentials`]: passcodeRequired,
    });
    renderDetails();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'View now' }));
    await user.click(await screen.findByRole('button', { name: 'Resend code' }));
    await waitFor(() => expect(api.callsTo(`POST ${base}/credentials/otp`)).toHaveLength(2));
    expect(await screen.findByText('A new code is on its way.')).toBeTruthy();
  });

  it('View later texts the link and moves on', async () => {
    const api = installFakeApi({
      [`GET ${base}`]: () => json(giftCardDetails()),
      [`POST ${base}/view-later`]: () => new Response(null, { status: 204 }),
    });
    const onViewLaterSent = renderDetails();
    await userEvent.click(await screen.findByRole('button', { name: 'View later' }));
    await waitFor(() => expect(onViewLaterSent).toHaveBeenCalledOnce());
    expect(api.callsTo(`POST ${base}/view-later`)).toHaveLength(1);
  });

  it('View later asked again within the minute says the link was just sent', async () => {
    installFakeApi({
      [`GET ${base}`]: () => json(giftCardDetails()),
      [`POST ${base}/view-later`]: () =>
        refusal(
          1007,
          'RATE_LIMITED',
          'We just texted you this link. Please wait a minute before asking again.',
          429,
        ),
    });
    const onViewLaterSent = renderDetails();
    await userEvent.click(await screen.findByRole('button', { name: 'View later' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'We just texted you this link. Please wait a minute before asking again.',
    );
    expect(onViewLaterSent).not.toHaveBeenCalled();
  });

  it('marks a card used and moves it back to active', async () => {
    let archived = false;
    const api = installFakeApi({
      [`GET ${base}`]: () => json(giftCardDetails({ archived })),
      [`PUT ${base}/archived`]: (call) => {
        archived = (call.body as { archived: boolean }).archived;
        return json(giftCardDetails({ archived }));
      },
    });
    renderDetails();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Mark as used' }));
    expect(await screen.findByText('You marked this gift card as used.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Move back to active' }));
    expect(await screen.findByRole('button', { name: 'Mark as used' })).toBeTruthy();
    expect(api.callsTo(`PUT ${base}/archived`).map((c) => c.body)).toEqual([
      { archived: true },
      { archived: false },
    ]);
  });
});
