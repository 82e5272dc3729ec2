import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, json } from '../../../../test/fake-api';
import { createMemoryAnalytics } from '../../../lib/analytics';
import { connectAnalytics } from '../../../lib/analytics-events';
import { renderApp } from '../../../../test/render-app';
import { paths } from '../../../config/paths';
import { giftCardQuoteSlot } from '../../../features/redeem/giftcard/giftcard-quote';
import { redemptionFlow } from '../../../features/redeem/redemption-flow';
import { RedeemDetailsScreen } from '../../routes/redeem-details-screen';
import { RedeemGiftCardBrandScreen } from './redeem-giftcard-brand-screen';
import { RedeemGiftCardScreen } from './redeem-giftcard-screen';

const harborId = '0b8e2f7c-1d3a-4e5b-9c6d-7e8f9a0b1c2d';
const cinemaId = '6c5d4e3f-2a1b-4c0d-8e9f-a0b1c2d3e4f5';
const quoteId = '5f1c0b9a-7e2d-4c3b-9a8f-6e5d4c3b2a10';

const images = (id: string) =>
  ['130w-326ppi', '300w-326ppi', '600w-326ppi'].map((dimensions) => ({
    dimensions,
    url: `/v1/brands/${id}/images/${dimensions}.svg`,
  }));

const harbor = {
  id: harborId,
  name: 'Harbor Coffee Co.',
  display_name: 'Harbor Coffee',
  offer_label: '4% cashback',
  images: images(harborId),
  categories: ['dining'],
  description: 'Harbor Coffee gift cards can be spent online and in store on coffee.',
  terms: 'This gift card cannot be exchanged for cash.',
  cashback_bps: 400,
  denominations: {
    type: 'open',
    min_in_cents: 500,
    max_in_cents: 50_000,
    is_whole_amount_value_required: true,
  },
  currency: 'USD',
  redeemable_online: true,
  redeemable_in_store: true,
  expiry_policy: 'Does not expire',
  expiry: { type: 'never' },
  balance_check_url: 'https://balance.example/harbor',
  provider_brand_id: 'SBX-harbor-coffee',
  is_enabled: true,
  is_featured: true,
  state: 'live',
};
const cinema = {
  ...harbor,
  id: cinemaId,
  name: 'Starlight Cinemas',
  display_name: null,
  offer_label: '5% cashback',
  images: images(cinemaId),
  categories: ['entertainment'],
  cashback_bps: 500,
  denominations: { type: 'fixed', values_in_cents: [2_500, 5_000, 10_000] },
  provider_brand_id: 'SBX-starlight-cinemas',
};

const methods = {
  data: [
    {
      mode: 'debit',
      destination_kind: 'card',
      spends_bonus: false,
      is_available: true,
      min_amount: 100,
      max_amount: 250_000,
      fee_rate: 150,
      is_whole_amount_value_required: false,
    },
    {
      mode: 'bank',
      destination_kind: 'bank_account',
      spends_bonus: false,
      is_available: true,
      min_amount: 100,
      max_amount: 250_000,
      fee_rate: 0,
      is_whole_amount_value_required: false,
    },
    {
      mode: 'giftcard',
      destination_kind: 'gift_card',
      spends_bonus: true,
      is_available: true,
      min_amount: null,
      max_amount: null,
      fee_rate: null,
      is_whole_amount_value_required: true,
    },
  ],
};

const quoteFor = (amount: number, bps: number, expiresInMs = 600_000) => ({
  quote_id: quoteId,
  brand_id: harborId,
  amount_in_cents: amount,
  cashback_bps: bps,
  cashback_in_cents: Math.floor((amount * bps) / 10_000),
  reward_bps: 0,
  reward_in_cents: 0,
  total_value_in_cents: amount + Math.floor((amount * bps) / 10_000),
  expires_at: new Date(Date.now() + expiresInMs).toISOString(),
});

/** The server's value of a card (GET /brands/{id}/value), worked out as the server does. */
const valueFor = (brandId: string, amount: number, cashbackBps: number, rewardBps = 0) => {
  const cashback = Math.floor((amount * cashbackBps) / 10_000);
  const reward = Math.floor((amount * rewardBps) / 10_000);
  return {
    brand_id: brandId,
    amount_in_cents: amount,
    cashback_bps: cashbackBps,
    cashback_in_cents: cashback,
    reward_bps: rewardBps,
    reward_in_cents: reward,
    total_value_in_cents: amount + cashback + reward,
  };
};
const amountOf = (call: { query: Record<string, string> }) => Number(call.query.amount_in_cents);

function shop(extra: Parameters<typeof installFakeApi>[0] = {}) {
  return installFakeApi({
    [`GET /brands/${harborId}/value`]: (call) => json(valueFor(harborId, amountOf(call), 400)),
    [`GET /brands/${cinemaId}/value`]: (call) => json(valueFor(cinemaId, amountOf(call), 500)),
    'GET /redemption-methods': () => json(methods),
    'GET /wallet/balance': () =>
      json({ available_in_cents: 8_000, pending_in_cents: 0, total_in_cents: 8_000 }),
    'GET /brands': () => json({ featured_brands: { data: [harbor, cinema], total_page: 1 } }),
    [`GET /brands/${harborId}`]: () => json(harbor),
    [`GET /brands/${cinemaId}`]: () => json(cinema),
    ...extra,
  });
}

function renderShop(route: string, language: 'en' | 'de' = 'en') {
  return renderApp(
    <Routes>
      <Route path={paths.redeemGiftCard.path} element={<RedeemGiftCardScreen />} />
      <Route path={paths.redeemGiftCardBrand.path} element={<RedeemGiftCardBrandScreen />} />
      <Route path={paths.redeemDetails.path} element={<RedeemDetailsScreen />} />
      <Route path={paths.verifyOtp.path} element={<h1>Verify OTP</h1>} />
    </Routes>,
    { route, language },
  );
}

afterEach(() => {
  redemptionFlow.reset();
  giftCardQuoteSlot.clear();
});

describe('the gift card catalog', () => {
  it('shows brand tiles with their offers, and searches and narrows by category', async () => {
    const calls = shop();
    renderShop('/redeem/giftcard');
    const user = userEvent.setup();
    const tile = await screen.findByRole('link', { name: /Harbor Coffee/ });
    expect(tile.getAttribute('href')).toBe(`/redeem/giftcard/${harborId}`);
    expect(within(tile).getByText('4% cashback')).toBeTruthy();
    // A brand without a display name is shown by its name.
    expect(screen.getByRole('link', { name: /Starlight Cinemas/ })).toBeTruthy();

    await user.type(screen.getByLabelText('Search brands'), 'harbor');
    await user.click(screen.getByRole('radio', { name: 'Entertainment' }));
    await vi.waitFor(() =>
      expect(calls.callsTo('GET /brands').at(-1)?.query).toMatchObject({
        q: 'harbor',
        category: 'entertainment',
        filter: '{"is_enabled":true}',
      }),
    );
  });

  it('says when no brand matches', async () => {
    shop({ 'GET /brands': () => json({ featured_brands: { data: [], total_page: 0 } }) });
    renderShop('/redeem/giftcard');
    expect(await screen.findByText('No gift cards in this category at the moment.')).toBeTruthy();
  });

  it('is not offered while the issuer is unavailable', async () => {
    shop({
      'GET /redemption-methods': () =>
        json({
          data: methods.data.map((m) =>
            m.mode === 'giftcard' ? { ...m, is_available: false } : m,
          ),
        }),
    });
    renderShop('/redeem/giftcard');
    expect(
      await screen.findByText('This redemption method is unavailable at this moment.'),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Search brands')).toBeNull();
  });
});

describe('the gift card catalog and a brand’s page in German', () => {
  it('names the categories, the offer and the expiry in German, from the API’s figures', async () => {
    shop();
    renderShop('/redeem/giftcard', 'de');
    const tile = await screen.findByRole('link', { name: /Harbor Coffee/ });
    // A space that never breaks between the figure and its sign.
    expect(within(tile).getByText(/Cashback$/).textContent).toBe('4\u00a0% Cashback');
    const chips = within(screen.getByRole('group', { name: 'Kategorien' }));
    expect(chips.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual(
      [
        'Alle',
        'Essen & Trinken',
        'Lebensmittel',
        'Mode',
        'Elektronik',
        'Haus & Garten',
        'Unterhaltung',
        'Reisen',
        'Sport & Outdoor',
      ],
    );
    expect(screen.queryByText('4% cashback')).toBeNull();
  });

  it('says on a brand’s page what the card is worth and how long it lasts, in German', async () => {
    shop({
      [`GET /brands/${cinemaId}`]: () =>
        json({
          ...cinema,
          cashback_bps: 250,
          expiry_policy: 'Expires 5 years after issue',
          expiry: { type: 'after_issue', months: 60 },
        }),
    });
    renderShop(`/redeem/giftcard/${cinemaId}`, 'de');
    expect((await screen.findByText(/Cashback$/)).textContent).toBe('2,5\u00a0% Cashback');
    expect(screen.getByText(/Läuft 5 Jahre nach Ausstellung ab/)).toBeTruthy();
    expect(screen.queryByText(/Expires/)).toBeNull();
  });
});

describe("a brand's page", () => {
  it('says what an amount is worth, beside the other methods, then locks the price', async () => {
    const analytics = createMemoryAnalytics();
    connectAnalytics(analytics);
    const calls = shop({ 'POST /giftcards/quotes': () => json(quoteFor(5_000, 400), 201) });
    renderShop(`/redeem/giftcard/${harborId}`);
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbor Coffee' })).toBeTruthy();
    expect(screen.getByText('This gift card cannot be exchanged for cash.')).toBeTruthy();

    await user.type(screen.getByLabelText('Gift card amount (USD)'), '50');
    expect(await screen.findByText('Spend $50.00, get $52.00 back')).toBeTruthy();
    expect(calls.callsTo(`GET /brands/${harborId}/value`).at(-1)?.query).toEqual({
      amount_in_cents: '5000',
    });
    const compare = screen.getByRole('region', { name: 'What you get for $50.00' });
    const rows = within(compare).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Gift cardsBest value$52.00'),
      expect.stringContaining('Debit card$49.25Instant, after a $0.75 fee'),
      expect.stringContaining('Bank account$50.00In 1–3 business days, no fee'),
    ]);

    // Whole dollars only, and never more than the balance.
    await user.clear(screen.getByLabelText('Gift card amount (USD)'));
    await user.type(screen.getByLabelText('Gift card amount (USD)'), '90');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByText("You don't have enough balance in order to do redemption"),
    ).toBeTruthy();
    expect(calls.callsTo('POST /giftcards/quotes')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Gift card amount (USD)'));
    await user.type(screen.getByLabelText('Gift card amount (USD)'), '50');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Confirm Details' })).toBeTruthy();
    expect(calls.callsTo('POST /giftcards/quotes')[0]?.body).toEqual({
      brand_id: harborId,
      amount_in_cents: 5_000,
    });
    expect(screen.getByText('Spend $50.00, get $52.00 back')).toBeTruthy();
    expect(screen.getByText(/This offer is held for you until/)).toBeTruthy();
    // The amount step is tracked once, when it was accepted, with the method and no personal data.
    expect(
      analytics.calls.filter((c) => c.type === 'track' && c.event === 'redemption_amount_entered'),
    ).toEqual([
      {
        type: 'track',
        event: 'redemption_amount_entered',
        properties: { method: 'giftcard', amount_in_cents: 5_000 },
      },
    ]);
    expect(redemptionFlow.get()).toMatchObject({
      mode: 'giftcard',
      amount: 5_000,
      selectedPaymentMethodUUID: quoteId,
      selectedGiftcardBrand: harborId,
      gross_amount_in_cents: 5_200,
      orderID: null,
    });
  });

  it("shows the brand's reward the server will pay on a plain gift card, the same on Confirm Details", async () => {
    // Harbor Coffee also runs an earn-rewards offer: its reward is paid on every card of it.
    const withReward = (amount: number) => valueFor(harborId, amount, 400, 1_500);
    shop({
      [`GET /brands/${harborId}/value`]: (call) => json(withReward(amountOf(call))),
      'POST /giftcards/quotes': () =>
        json(
          { ...withReward(4_000), quote_id: quoteId, expires_at: quoteFor(4_000, 400).expires_at },
          201,
        ),
    });
    renderShop(`/redeem/giftcard/${harborId}`);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Gift card amount (USD)'), '40');
    expect(await screen.findByText('Spend $40.00, get $47.60 back')).toBeTruthy();
    expect(screen.getByText('Brand reward (15%)')).toBeTruthy();
    expect(screen.getByTestId('giftcard-reward').textContent).toBe('+$6.00');

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Confirm Details' })).toBeTruthy();
    expect(screen.getByText('Spend $40.00, get $47.60 back')).toBeTruthy();
    expect(screen.getByTestId('giftcard-reward').textContent).toBe('+$6.00');
  });

  it('offers a fixed-denomination brand its values as choices', async () => {
    const calls = shop({
      'POST /giftcards/quotes': () => json({ ...quoteFor(5_000, 500), brand_id: cinemaId }, 201),
    });
    renderShop(`/redeem/giftcard/${cinemaId}`);
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Starlight Cinemas' });
    expect(screen.queryByLabelText('Gift card amount (USD)')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Choose a gift card value')).toBeTruthy();

    // $100 is above the $80 balance.
    await user.click(screen.getByRole('radio', { name: /\$100\.00/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByText("You don't have enough balance in order to do redemption"),
    ).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: /\$50\.00/ }));
    expect(await screen.findByText('Spend $50.00, get $52.50 back')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Confirm Details' })).toBeTruthy();
    expect(calls.callsTo('POST /giftcards/quotes')[0]?.body).toEqual({
      brand_id: cinemaId,
      amount_in_cents: 5_000,
    });
  });

  it("shows the server's refusal when the brand became unorderable", async () => {
    shop({
      'POST /giftcards/quotes': () =>
        json(
          {
            code: 6008,
            code_description: 'BRAND_UNAVAILABLE',
            message: "This brand's gift cards are unavailable at the moment.",
          },
          409,
        ),
    });
    renderShop(`/redeem/giftcard/${harborId}`);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Gift card amount (USD)'), '20');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      "This brand's gift cards are unavailable at the moment.",
    );
    expect(redemptionFlow.get().mode).toBeNull();
  });

  it('says so for an unknown brand', async () => {
    shop();
    renderShop('/redeem/giftcard/not-a-brand');
    expect(
      await screen.findByRole('heading', { name: "We couldn't find this brand" }),
    ).toBeTruthy();
  });
});

describe('confirming a gift card', () => {
  function startWith(quote: ReturnType<typeof quoteFor>) {
    giftCardQuoteSlot.write(quote);
    redemptionFlow.update({
      mode: 'giftcard',
      amount: quote.amount_in_cents,
      selectedPaymentMethodUUID: quote.quote_id,
      selectedGiftcardBrand: harborId,
      display_name: 'Harbor Coffee',
      cashbackPercentage: quote.cashback_bps / 100,
      gross_amount_in_cents: quote.total_value_in_cents,
    });
  }
  const challenge = {
    attempt_id: '1b4e28ba-2fa1-4d2b-9f8e-1e2b3c4d5e6f',
    channel: 'sms',
    destination: '+1 xxx-xxx-0143',
    expires_in_seconds: 300,
    resend_available_in_seconds: 60,
  };

  it('renews an expired quote and, when the offer changed, shows it before going on', async () => {
    startWith(quoteFor(5_000, 400, -1_000));
    const renewed = { ...quoteFor(5_000, 200), quote_id: '8a7b6c5d-4e3f-4a1b-9c0d-1e2f3a4b5c6d' };
    const calls = shop({
      'POST /giftcards/quotes': () => json(renewed, 201),
      'POST /redemptions/otp': () => json(challenge),
    });
    renderShop('/redeem-details');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText(/The offer changed while you were confirming: .* now worth \$51\.00/),
    ).toBeTruthy();
    expect(calls.callsTo('POST /redemptions/otp')).toHaveLength(0);
    expect(screen.getByText('Spend $50.00, get $51.00 back')).toBeTruthy();
    expect(redemptionFlow.get().selectedPaymentMethodUUID).toBe(renewed.quote_id);

    // Confirming again goes on with the new quote.
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('heading', { name: 'Verify OTP' })).toBeTruthy();
    expect(calls.callsTo('POST /giftcards/quotes')).toHaveLength(1);
    expect(calls.callsTo('POST /redemptions/otp')).toHaveLength(1);
  });

  it('goes straight on with a quote that still holds', async () => {
    startWith(quoteFor(5_000, 400));
    const calls = shop({ 'POST /redemptions/otp': () => json(challenge) });
    renderShop('/redeem-details');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('heading', { name: 'Verify OTP' })).toBeTruthy();
    expect(calls.callsTo('POST /giftcards/quotes')).toHaveLength(0);
    expect(redemptionFlow.get().orderID).toEqual(expect.any(String));
  });
});

describe('buying a gift card with the welcome bonus', () => {
  const withBonus = {
    available_in_cents: 4_500,
    pending_in_cents: 0,
    bonus_in_cents: 1_000,
    bonus_expires_at: '2099-07-01T00:00:00.000Z',
    total_in_cents: 5_500,
  };
  const confirmed = (term: string) =>
    screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

  it('can spend the available balance and the bonus, and no more', async () => {
    const calls = shop({
      'GET /wallet/balance': () => json(withBonus),
      'POST /giftcards/quotes': () => json(quoteFor(5_500, 400), 201),
    });
    renderShop(`/redeem/giftcard/${harborId}`);
    const user = userEvent.setup();
    expect((await screen.findByTestId('redeem-spendable')).textContent).toBe(
      'Available balance: $55.00 (including your $10.00 bonus, used first)',
    );
    // A gift card spends the bonus: nothing says it cannot.
    expect(screen.queryByTestId('redeem-bonus-note')).toBeNull();

    const amount = screen.getByLabelText('Gift card amount (USD)');
    await user.type(amount, '56');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByText("You don't have enough balance in order to do redemption"),
    ).toBeTruthy();
    expect(calls.callsTo('POST /giftcards/quotes')).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '55');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Confirm Details' })).toBeTruthy();
    expect(calls.callsTo('POST /giftcards/quotes')[0]?.body).toEqual({
      brand_id: harborId,
      amount_in_cents: 5_500,
    });
    expect(confirmed('Paid with your bonus')).toBe('$10.00');
    expect(confirmed('Paid from your balance')).toBe('$45.00');
    expect(confirmed('Balance after')).toBe('$0.00');
  });

  it('counts the bonus for the fixed values a brand sells', async () => {
    shop({ 'GET /wallet/balance': () => json(withBonus) });
    renderShop(`/redeem/giftcard/${cinemaId}`);
    await screen.findByRole('heading', { level: 1, name: 'Starlight Cinemas' });
    // $50 is above the $45.00 available, but not above it with the $10.00 bonus.
    expect(screen.getByRole('radio', { name: '$50.00' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: '$100.00Above your balance' })).toBeTruthy();
  });

  it('says on Confirm Details how much the bonus pays, and takes only the rest from the balance', async () => {
    const quote = quoteFor(5_000, 400);
    giftCardQuoteSlot.write(quote);
    redemptionFlow.update({
      mode: 'giftcard',
      amount: quote.amount_in_cents,
      selectedPaymentMethodUUID: quote.quote_id,
      selectedGiftcardBrand: harborId,
      display_name: 'Harbor Coffee',
      cashbackPercentage: quote.cashback_bps / 100,
      gross_amount_in_cents: quote.total_value_in_cents,
    });
    shop({ 'GET /wallet/balance': () => json(withBonus) });
    renderShop('/redeem-details');
    expect(await screen.findByTestId('confirm-paid-bonus')).toBeTruthy();
    expect(confirmed('Paid with your bonus')).toBe('$10.00');
    expect(confirmed('Paid from your balance')).toBe('$40.00');
    expect(confirmed('Balance after')).toBe('$5.00');
  });
});
