import { formatDateTime } from '@refund/contracts/format';
import type { PrepaidCard } from '@refund/contracts/prepaid-cards';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, json } from '../../../../test/fake-api';
import { renderApp } from '../../../../test/render-app';
import { PROCESSING_REFRESH_MS } from '../api/get-prepaid-card';
import { detailsChallenge, prepaidCard, processingCard, secrets } from '../prepaid-fixtures';
import { PrepaidCardList } from './prepaid-card-list';

const uuid = (n: number) => `5f0c3a1e-8b2d-4c6f-9a7e-1d2c3b4a5f${String(n).padStart(2, '0')}`;

const active = prepaidCard({ card_uuid: uuid(1), transaction_id: uuid(1) });
const inactive = prepaidCard({
  card_uuid: uuid(2),
  transaction_id: uuid(2),
  status: 'inactive',
  last4: '1881',
  exp_month: 11,
  exp_year: 2032,
  balance_in_cents: 5000,
  balance_updated_at: null,
  activated_at: null,
});
const processing = processingCard({
  card_uuid: uuid(3),
  transaction_id: uuid(3),
  loaded_in_cents: 2000,
});
const failed = processingCard({
  card_uuid: uuid(4),
  transaction_id: uuid(4),
  status: 'failed',
  loaded_in_cents: 2000,
  failure_reason: 'The issuer could not verify the cardholder.',
});
const canceled = prepaidCard({
  card_uuid: uuid(5),
  transaction_id: uuid(5),
  status: 'canceled',
  last4: '0005',
});
// Past its expiry month: expired, whatever the issuer last said.
const pastExpiry = prepaidCard({
  card_uuid: uuid(6),
  transaction_id: uuid(6),
  last4: '0077',
  exp_month: 1,
  exp_year: 2020,
});

const page = (data: PrepaidCard[], next_cursor: string | null = null) =>
  json({ data, next_cursor });
const refusal = (code: number, name: string, message: string, status: number) =>
  json({ code, code_description: name, message }, status);
const serverError = () => refusal(3001, 'INTERNAL', 'Internal Server error', 500);

const cardNamed = (name: string) => screen.findByRole('article', { name });
const field = (card: HTMLElement, testId: string) => within(card).getByTestId(testId).textContent;

function renderList(redeemHref: string | null = '/redeem/prepaid') {
  renderApp(<PrepaidCardList redeemHref={redeemHref} />);
}

afterEach(() => vi.useRealTimers());

describe('Visa prepaid card history', () => {
  it('shows each card with its status, balance, expiry, what was loaded and when', async () => {
    installFakeApi({
      'GET /prepaid-cards': () => page([active, inactive, failed, canceled, pastExpiry]),
    });
    renderList();

    const first = await cardNamed('Visa •••• 4242');
    expect(within(first).getByTestId('prepaid-card-tile').getAttribute('data-last4')).toBe('4242');
    expect(field(first, 'prepaid-card-status')).toBe('Active');
    expect(field(first, 'prepaid-card-balance')).toContain('$32.50');
    expect(field(first, 'prepaid-card-balance')).toContain(
      `As of ${formatDateTime(active.balance_updated_at ?? '')}`,
    );
    expect(field(first, 'prepaid-card-expires')).toBe('04/31');
    expect(field(first, 'prepaid-card-loaded')).toBe('$50.00');
    expect(field(first, 'prepaid-card-date')).toBe(formatDateTime(active.created_at));
    expect(
      within(first).getByRole('button', { name: 'Show card details for Visa •••• 4242' }),
    ).toBeTruthy();
    expect(within(first).queryByRole('button', { name: /Activate/ })).toBeNull();

    const second = await cardNamed('Visa •••• 1881');
    expect(field(second, 'prepaid-card-status')).toBe('Inactive');
    expect(field(second, 'prepaid-card-balance')).toBe('$50.00');
    expect(field(second, 'prepaid-card-expires')).toBe('11/32');
    expect(within(second).getByText('Activate this card before you pay with it.')).toBeTruthy();
    expect(within(second).getByRole('button', { name: 'Activate Visa •••• 1881' })).toBeTruthy();
    expect(
      within(second).getByRole('button', { name: 'Show card details for Visa •••• 1881' }),
    ).toBeTruthy();

    const notIssued = await cardNamed('Visa prepaid card');
    expect(field(notIssued, 'prepaid-card-status')).toBe('Failed');
    expect(within(notIssued).getByText('This card could not be issued.')).toBeTruthy();
    // The issuer's reason is a code for support, not for the customer; nor is there a balance.
    expect(within(notIssued).queryByText(failed.failure_reason ?? '')).toBeNull();
    expect(within(notIssued).queryByTestId('prepaid-card-balance')).toBeNull();
    expect(field(notIssued, 'prepaid-card-loaded')).toBe('$20.00');
    expect(
      within(notIssued).getByText('The full $20.00 was returned to your wallet.'),
    ).toBeTruthy();
    expect(field(notIssued, 'prepaid-card-expires')).toBe('Not issued yet');
    expect(within(notIssued).queryByRole('button')).toBeNull();

    const gone = await cardNamed('Visa •••• 0005');
    expect(field(gone, 'prepaid-card-status')).toBe('Canceled');
    expect(within(gone).queryByRole('button')).toBeNull();

    const old = await cardNamed('Visa •••• 0077');
    expect(field(old, 'prepaid-card-status')).toBe('Expired');
    expect(within(old).getByText('This card has expired and can no longer be used.')).toBeTruthy();
    expect(within(old).queryByRole('button')).toBeNull();

    // Newest first, as the API answered.
    const list = screen.getByRole('list', { name: 'Your Visa prepaid cards' });
    expect(
      within(list)
        .getAllByRole('article')
        .map((card) => within(card).getByRole('heading').textContent),
    ).toEqual([
      'Visa •••• 4242',
      'Visa •••• 1881',
      'Visa prepaid card',
      'Visa •••• 0005',
      'Visa •••• 0077',
    ]);
  });

  it('pages with Load more, sending the cursor it was given', async () => {
    const api = installFakeApi({
      'GET /prepaid-cards': (call) =>
        call.query.cursor === 'cursor-1' ? page([inactive]) : page([active], 'cursor-1'),
    });
    renderList();
    await cardNamed('Visa •••• 4242');
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await cardNamed('Visa •••• 1881')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(api.callsTo('GET /prepaid-cards').map((c) => c.query)).toEqual([
      { limit: '20' },
      { limit: '20', cursor: 'cursor-1' },
    ]);
  });

  it('explains an empty list and offers a card while the method is offered', async () => {
    installFakeApi({ 'GET /prepaid-cards': () => page([]) });
    renderList();
    expect(await screen.findByRole('heading', { name: 'No prepaid cards yet' })).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: 'Get a Visa prepaid card' }));
    expect(screen.getByTestId('location').textContent).toBe('/redeem/prepaid');
  });

  it('offers no way to get a card while the method is not offered', async () => {
    installFakeApi({ 'GET /prepaid-cards': () => page([]) });
    renderList(null);
    expect(await screen.findByRole('heading', { name: 'No prepaid cards yet' })).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('says records could not be fetched, and retries', async () => {
    let fail = true;
    installFakeApi({ 'GET /prepaid-cards': () => (fail ? serverError() : page([active])) });
    renderList();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Error occured while fetching records',
    );
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await cardNamed('Visa •••• 4242')).toBeTruthy();
  });

  it('looks at a card being issued again until it is issued', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let issued = false;
    const made = prepaidCard({
      ...processing,
      status: 'inactive',
      last4: '9876',
      exp_month: 6,
      exp_year: 2033,
      balance_in_cents: 2000,
    });
    const api = installFakeApi({
      'GET /prepaid-cards': () => page([issued ? made : processing]),
      [`GET /prepaid-cards/${processing.card_uuid}`]: () => json(issued ? made : processing),
    });
    renderList();
    const card = await cardNamed('Visa prepaid card');
    expect(within(card).getByText('Being issued…')).toBeTruthy();
    expect(field(card, 'prepaid-card-status')).toBe('Processing');
    expect(within(card).queryByTestId('prepaid-card-balance')).toBeNull();
    expect(field(card, 'prepaid-card-loaded')).toBe('$20.00');
    expect(within(card).getByRole('status').textContent).toContain('We are issuing your card.');
    expect(within(card).queryByRole('button')).toBeNull();

    issued = true;
    await vi.advanceTimersByTimeAsync(PROCESSING_REFRESH_MS);
    const ready = await cardNamed('Visa •••• 9876');
    expect(field(ready, 'prepaid-card-status')).toBe('Inactive');
    expect(field(ready, 'prepaid-card-expires')).toBe('06/33');
    expect(within(ready).getByRole('button', { name: 'Activate Visa •••• 9876' })).toBeTruthy();
    // The list heard it too, and nothing keeps asking.
    await waitFor(() => expect(api.callsTo('GET /prepaid-cards').length).toBeGreaterThan(1));
    const asked = api.callsTo(`GET /prepaid-cards/${processing.card_uuid}`).length;
    await vi.advanceTimersByTimeAsync(PROCESSING_REFRESH_MS * 3);
    expect(api.callsTo(`GET /prepaid-cards/${processing.card_uuid}`)).toHaveLength(asked);
  });
});

describe('activating a prepaid card', () => {
  it('activates an inactive card, shows it active and says so', async () => {
    let activated = false;
    const now = {
      ...inactive,
      status: 'active' as const,
      activated_at: '2030-01-06T10:00:00.000Z',
    };
    const api = installFakeApi({
      'GET /prepaid-cards': () => page([activated ? now : inactive]),
      [`POST /prepaid-cards/${inactive.card_uuid}/activate`]: () => {
        activated = true;
        return json(now);
      },
    });
    renderList();
    const card = await cardNamed('Visa •••• 1881');
    await userEvent.click(within(card).getByRole('button', { name: 'Activate Visa •••• 1881' }));

    expect(
      await screen.findByText('Visa •••• 1881 is active. You can pay with it now.'),
    ).toBeTruthy();
    await waitFor(() => expect(field(card, 'prepaid-card-status')).toBe('Active'));
    expect(within(card).queryByRole('button', { name: /Activate/ })).toBeNull();
    expect(within(card).queryByText('Activate this card before you pay with it.')).toBeNull();
    expect(document.activeElement).toBe(
      within(card).getByRole('heading', { name: 'Visa •••• 1881' }),
    );
    const [call] = api.callsTo(`POST /prepaid-cards/${inactive.card_uuid}/activate`);
    expect(call?.body).toBeUndefined();
  });

  it("shows the API's refusal", async () => {
    installFakeApi({
      'GET /prepaid-cards': () => page([inactive]),
      [`POST /prepaid-cards/${inactive.card_uuid}/activate`]: () =>
        refusal(
          6012,
          'PREPAID_CARD_NOT_ACTIVATABLE',
          'Only an inactive card can be activated.',
          409,
        ),
    });
    renderList();
    const card = await cardNamed('Visa •••• 1881');
    await userEvent.click(within(card).getByRole('button', { name: 'Activate Visa •••• 1881' }));
    expect((await within(card).findByRole('alert')).textContent).toBe(
      'Only an inactive card can be activated.',
    );
    expect(field(card, 'prepaid-card-status')).toBe('Inactive');
  });
});

describe("showing a prepaid card's details", () => {
  const base = `/prepaid-cards/${active.card_uuid}/details`;

  function revealApi() {
    return installFakeApi({
      'GET /prepaid-cards': () => page([active, inactive]),
      [`POST ${base}/otp`]: () => json(detailsChallenge),
      [`POST ${base}`]: (call) => {
        const body = call.body as { code?: string };
        return body.code === '123456'
          ? json(secrets)
          : refusal(2002, 'INCORRECT_OTP', 'Incorrect one time passcode', 400);
      },
    });
  }

  it('asks for a passcode, refuses a wrong one, shows the card with the right one, and hides it', async () => {
    const api = revealApi();
    renderList();
    const user = userEvent.setup();
    const card = await cardNamed('Visa •••• 4242');
    await user.click(
      within(card).getByRole('button', { name: 'Show card details for Visa •••• 4242' }),
    );

    expect(
      await within(card).findByText(
        'To show the details of Visa •••• 4242, enter the 6-digit passcode we sent to +1 xxx-xxx-0143.',
      ),
    ).toBeTruthy();
    const codeField = within(card).getByLabelText('Verification code');
    await waitFor(() => expect(document.activeElement).toBe(codeField));
    expect(api.callsTo(`POST ${base}/otp`)).toHaveLength(1);
    expect(api.callsTo(`POST ${base}/otp`)[0]?.body).toBeUndefined();
    expect(within(card).getByRole('button', { name: 'Resend code' }).hasAttribute('disabled')).toBe(
      true,
    );

    await user.type(codeField, '654321');
    await user.click(within(card).getByRole('button', { name: 'Verify' }));
    expect((await within(card).findByRole('alert')).textContent).toBe(
      'Incorrect one time passcode',
    );
    expect(screen.queryByTestId('prepaid-card-number')).toBeNull();

    await user.clear(codeField);
    await user.type(codeField, '123456');
    await user.click(within(card).getByRole('button', { name: 'Verify' }));

    const shown = within(
      await within(card).findByRole('region', { name: 'Card details for Visa •••• 4242' }),
    );
    expect(shown.getByTestId('prepaid-card-number').textContent).toBe('4000 0566 5566 5556');
    expect(shown.getByTestId('prepaid-card-expiry').textContent).toBe('04/31');
    expect(shown.getByTestId('prepaid-card-cvc').textContent).toBe('314');
    expect(shown.getByRole('button', { name: 'Copy Card number' })).toBeTruthy();
    expect(shown.getByRole('button', { name: 'Copy CVC' })).toBeTruthy();
    expect(document.activeElement).toBe(
      shown.getByRole('heading', { name: 'Card details for Visa •••• 4242' }),
    );
    expect(api.callsTo(`POST ${base}`).map((c) => c.body)).toEqual([
      { attempt_id: detailsChallenge.attempt_id, code: '654321' },
      { attempt_id: detailsChallenge.attempt_id, code: '123456' },
    ]);
    // Only the other card's way in is still there: one card at a time is shown.
    const other = await cardNamed('Visa •••• 1881');
    expect(within(other).queryByTestId('prepaid-card-number')).toBeNull();
    // Kept nowhere but on the screen.
    const stored = [localStorage, sessionStorage].flatMap((s) =>
      Object.keys(s).map((k) => s.getItem(k) ?? ''),
    );
    expect(stored.join(' ')).not.toContain('4000056655665556');
    expect(window.location.href).not.toContain('4000');

    await user.click(shown.getByRole('button', { name: 'Hide card details for Visa •••• 4242' }));
    expect(screen.queryByTestId('prepaid-card-number')).toBeNull();
    expect(document.body.textContent).not.toContain('5556');
    expect(document.body.textContent).not.toContain('314');

    // Every showing needs a fresh passcode.
    await user.click(
      within(card).getByRole('button', { name: 'Show card details for Visa •••• 4242' }),
    );
    expect(await within(card).findByLabelText('Verification code')).toBeTruthy();
    expect(api.callsTo(`POST ${base}/otp`)).toHaveLength(2);
  });

  it('cancelling the passcode step goes back to the card', async () => {
    revealApi();
    renderList();
    const user = userEvent.setup();
    const card = await cardNamed('Visa •••• 4242');
    await user.click(
      within(card).getByRole('button', { name: 'Show card details for Visa •••• 4242' }),
    );
    await within(card).findByLabelText('Verification code');
    await user.click(within(card).getByRole('button', { name: 'Cancel' }));
    expect(within(card).queryByLabelText('Verification code')).toBeNull();
    expect(
      within(card).getByRole('button', { name: 'Show card details for Visa •••• 4242' }),
    ).toBeTruthy();
  });

  it('says why the passcode could not be sent, and tries again', async () => {
    let fail = true;
    const api = installFakeApi({
      'GET /prepaid-cards': () => page([active]),
      [`POST ${base}/otp`]: () =>
        fail
          ? refusal(
              2006,
              'OTP_SEND_LIMIT',
              'Too many codes requested. Please try again later.',
              429,
            )
          : json(detailsChallenge),
    });
    renderList();
    const user = userEvent.setup();
    const card = await cardNamed('Visa •••• 4242');
    await user.click(
      within(card).getByRole('button', { name: 'Show card details for Visa •••• 4242' }),
    );
    expect((await within(card).findByRole('alert')).textContent).toContain(
      'Too many codes requested. Please try again later.',
    );
    fail = false;
    await user.click(within(card).getByRole('button', { name: 'Retry' }));
    expect(await within(card).findByLabelText('Verification code')).toBeTruthy();
    expect(api.callsTo(`POST ${base}/otp`)).toHaveLength(2);
  });
});
