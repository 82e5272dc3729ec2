import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { installFakeApi, json, sandboxConfig } from '../../../../test/fake-api';
import { methodView } from '../../../../test/method-views';
import { renderApp } from '../../../../test/render-app';
import { paths } from '../../../config/paths';
import { giftCardQuoteSlot } from '../../../features/redeem/giftcard/giftcard-quote';
import { redemptionFlow } from '../../../features/redeem/redemption-flow';
import { clearWithdrawalAttempt } from '../../../features/redeem/withdrawal-attempt';
import { EarnRewardsBrandScreen } from './earn-rewards-brand-screen';
import { EarnRewardsScreen } from './earn-rewards-screen';
import { RedeemDetailsScreen } from '../../routes/redeem-details-screen';
import { VerifyOtpScreen } from '../../routes/verify-otp-screen';

const trailheadId = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const cinemaId = '6c5d4e3f-2a1b-4c0d-8e9f-a0b1c2d3e4f5';
const quoteId = '5f1c0b9a-7e2d-4c3b-9a8f-6e5d4c3b2a10';

const images = (id: string) =>
  ['130w-326ppi', '300w-326ppi', '600w-326ppi'].map((dimensions) => ({
    dimensions,
    url: `/v1/brands/${id}/images/${dimensions}.svg`,
  }));

const trailhead = {
  id: trailheadId,
  name: 'Trailhead Outdoor',
  display_name: null,
  offer_label: '4% cashback',
  images: images(trailheadId),
  categories: ['sports'],
  description: 'Trailhead Outdoor gift cards can be spent online and in store on outdoor gear.',
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
  balance_check_url: null,
  provider_brand_id: 'SBX-trailhead-outdoor',
  is_enabled: true,
  is_featured: false,
  state: 'live',
};
const cinema = {
  ...trailhead,
  id: cinemaId,
  name: 'Starlight Cinemas',
  display_name: 'Starlight',
  offer_label: '5% cashback',
  images: images(cinemaId),
  cashback_bps: 500,
  provider_brand_id: 'SBX-starlight-cinemas',
};

const rewards = [
  { brand: trailhead, reward_bps: 1500, reward_label: 'Earn 15% back' },
  { brand: cinema, reward_bps: 800, reward_label: 'Earn 8% back' },
];

const method = (mode: 'giftcard' | 'earn_rewards', available = true) =>
  methodView(mode, { is_available: available, is_whole_amount_value_required: true });
const debit = {
  mode: 'debit',
  destination_kind: 'card',
  spends_bonus: false,
  is_available: true,
  min_amount: 100,
  max_amount: 250_000,
  fee_rate: 150,
  is_whole_amount_value_required: false,
};

/** A $50.00 Trailhead card: 4% cashback and the brand's 15% reward. */
const quote = (reward: number = 750) => ({
  quote_id: quoteId,
  brand_id: trailheadId,
  amount_in_cents: 5_000,
  cashback_bps: 400,
  cashback_in_cents: 200,
  reward_bps: reward > 0 ? 1500 : 0,
  reward_in_cents: reward,
  total_value_in_cents: 5_200 + reward,
  expires_at: new Date(Date.now() + 600_000).toISOString(),
});

const challenge = {
  attempt_id: '1b4e28ba-2fa1-4d2b-9f8e-1e2b3c4d5e6f',
  channel: 'sms',
  destination: '+1 xxx-xxx-0143',
  expires_in_seconds: 300,
  resend_available_in_seconds: 60,
};

const pendingPurchase = {
  transaction_id: '0e7c7c1a-5b8f-4d7e-8a44-9b1f2f7a6c10',
  mode: 'earn_rewards',
  status: 'Pending',
  amount_in_cents: 5_000,
  fee_in_cents: 0,
  net_amount_in_cents: 5_000,
  destination: { kind: 'gift_card', brand: 'Trailhead Outdoor', bank_name: null, last4: '' },
  network_reference: null,
  failure_reason: null,
  returned: false,
  created_at: '2030-01-02T15:04:00.000Z',
  completed_at: null,
};

function api(extra: Parameters<typeof installFakeApi>[0] = {}) {
  return installFakeApi({
    'GET /app-config': () => json(sandboxConfig),
    'GET /redemption-methods': () =>
      json({ data: [debit, method('giftcard'), method('earn_rewards')] }),
    'GET /wallet/balance': () =>
      json({ available_in_cents: 8_000, pending_in_cents: 0, total_in_cents: 8_000 }),
    'GET /earn-rewards': () => json({ data: rewards }),
    [`GET /earn-rewards/${trailheadId}`]: () => json(rewards[0]),
    // What the server works out for $50.00: 4% cashback and the brand's 15% reward.
    [`GET /brands/${trailheadId}/value`]: () => {
      const { quote_id: _id, expires_at: _expires, ...value } = quote();
      return json(value);
    },
    ...extra,
  });
}

function renderEarnRewards(route: string) {
  return renderApp(
    <Routes>
      <Route path={paths.earnRewards.path} element={<EarnRewardsScreen />} />
      <Route path={paths.earnRewardsBrand.path} element={<EarnRewardsBrandScreen />} />
      <Route path={paths.redeemDetails.path} element={<RedeemDetailsScreen />} />
      <Route path={paths.verifyOtp.path} element={<VerifyOtpScreen />} />
      <Route path={paths.home.path} element={<p>Home</p>} />
    </Routes>,
    { route },
  );
}

const notFound = () =>
  json({ code: 1004, code_description: 'NOT_FOUND', message: 'No earn-rewards offer.' }, 404);
const serverError = () =>
  json({ code: 3001, code_description: 'INTERNAL', message: 'Internal Server error' }, 500);

afterEach(() => {
  redemptionFlow.reset();
  giftCardQuoteSlot.clear();
  clearWithdrawalAttempt();
});

describe('Earn Rewards', () => {
  it('lists the brands with their reward, name and cashback, each leading to its page', async () => {
    api();
    renderEarnRewards('/earnRewards');
    expect(screen.getByText('Loading rewards…')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Earn Rewards' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Brands with rewards' });
    const tiles = within(list).getAllByRole('link');
    // In the API's order: the highest reward first.
    expect(tiles.map((tile) => tile.textContent)).toEqual([
      'Trailhead OutdoorEarn 15% back4% cashback',
      'StarlightEarn 8% back5% cashback',
    ]);
    expect(tiles[0]?.getAttribute('href')).toBe(`/earnRewards/${trailheadId}`);
    expect(tiles[0]?.querySelector('img')?.getAttribute('src')).toBe(
      `/v1/brands/${trailheadId}/images/300w-326ppi.svg`,
    );
  });

  it('says when no brand has a reward at the moment', async () => {
    api({
      'GET /earn-rewards': () => json({ data: [] }),
      'GET /redemption-methods': () => json({ data: [method('earn_rewards', false)] }),
    });
    renderEarnRewards('/earnRewards');
    expect(await screen.findByText('No rewards at the moment')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to home' }).getAttribute('href')).toBe('/');
  });

  it('says the method is unavailable when the API does not offer it', async () => {
    api({ 'GET /redemption-methods': () => json({ data: [method('earn_rewards', false)] }) });
    renderEarnRewards('/earnRewards');
    expect(
      await screen.findByText('This redemption method is unavailable at this moment.'),
    ).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('says when the rewards could not be loaded, and tries again', async () => {
    let failing = true;
    const calls = api({
      'GET /earn-rewards': () => (failing ? serverError() : json({ data: rewards })),
    });
    renderEarnRewards('/earnRewards');
    expect(await screen.findByText('Error occured while fetching records')).toBeTruthy();
    failing = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Brands with rewards' })).toBeTruthy();
    expect(calls.callsTo('GET /earn-rewards')).toHaveLength(2);
  });
});

describe("an earn-rewards brand's page", () => {
  it('shows the reward beside the cashback, then locks both in a quote', async () => {
    const calls = api({ 'POST /giftcards/quotes': () => json(quote(), 201) });
    renderEarnRewards(`/earnRewards/${trailheadId}`);
    const user = userEvent.setup();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Trailhead Outdoor' }),
    ).toBeTruthy();
    expect(screen.getByText('Earn 15% back')).toBeTruthy();
    expect(screen.getByText('4% cashback')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Earn Rewards' }).getAttribute('href')).toBe(
      '/earnRewards',
    );

    await user.type(screen.getByLabelText('Gift card amount (USD)'), '50');
    // $50.00 + $2.00 cashback + $7.50 reward.
    expect(await screen.findByText('Spend $50.00, get $59.50 back')).toBeTruthy();
    expect(screen.getByText('Brand reward (15%)').nextElementSibling?.textContent).toBe('+$7.50');
    const compare = screen.getByRole('region', { name: 'What you get for $50.00' });
    expect(within(compare).getAllByRole('listitem')[0]?.textContent).toBe(
      'Earn rewardsBest value$59.50$50.00 Trailhead Outdoor gift card + $2.00 cashback + $7.50 reward',
    );

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Confirm Details' })).toBeTruthy();
    expect(calls.callsTo('POST /giftcards/quotes')[0]?.body).toEqual({
      brand_id: trailheadId,
      amount_in_cents: 5_000,
    });
    expect(screen.getByText('Method', { selector: 'dt' }).nextElementSibling?.textContent).toBe(
      'Earn rewards',
    );
    expect(screen.getByText('Spend $50.00, get $59.50 back')).toBeTruthy();
    expect(screen.getByText('Cashback (4%)').nextElementSibling?.textContent).toBe('+$2.00');
    expect(screen.getByText('Brand reward (15%)').nextElementSibling?.textContent).toBe('+$7.50');
    expect(redemptionFlow.get()).toMatchObject({
      mode: 'earn_rewards',
      amount: 5_000,
      selectedPaymentMethodUUID: quoteId,
      selectedGiftcardBrand: trailheadId,
      gross_amount_in_cents: 5_950,
    });
    expect(screen.getByRole('link', { name: 'Change the amount' }).getAttribute('href')).toBe(
      `/earnRewards/${trailheadId}`,
    );
  });

  it('buys the card as earn_rewards, with the passcode and the bot check', async () => {
    const calls = api({
      'POST /giftcards/quotes': () => json(quote(), 201),
      'POST /redemptions/otp': () => json(challenge),
      'POST /redemptions': () => json(pendingPurchase, 201),
    });
    renderEarnRewards(`/earnRewards/${trailheadId}`);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Gift card amount (USD)'), '50');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await user.type(await screen.findByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(calls.callsTo('POST /redemptions')).toHaveLength(1));
    expect(calls.callsTo('POST /redemptions')[0]?.body).toEqual({
      mode: 'earn_rewards',
      payment_method_uuid: quoteId,
      amount_in_cents: 5_000,
      attempt_id: challenge.attempt_id,
      code: '123456',
      bot_token: 'sandbox-bot-pass',
    });
    // The flow is done: the outcome (below) rides in the history entry.
    await waitFor(() => expect(redemptionFlow.get().mode).toBeNull());
  });

  it('refuses a quote that came back without a reward: the offer ended', async () => {
    api({ 'POST /giftcards/quotes': () => json(quote(0), 201) });
    renderEarnRewards(`/earnRewards/${trailheadId}`);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Gift card amount (USD)'), '50');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This brand has no reward at the moment',
    );
    expect(redemptionFlow.get().mode).toBeNull();
  });

  it('says a brand without an offer has no reward, and leads back to the list', async () => {
    const calls = api({ [`GET /earn-rewards/${cinemaId}`]: notFound });
    renderEarnRewards(`/earnRewards/${cinemaId}`);
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'This brand has no reward at the moment',
      }),
    ).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'See the brands with rewards' }).getAttribute('href'),
    ).toBe('/earnRewards');
    expect(screen.queryByLabelText('Gift card amount (USD)')).toBeNull();
    expect(calls.callsTo(`GET /earn-rewards/${cinemaId}`)).toHaveLength(1);
  });

  it('says when the brand could not be loaded, and tries again', async () => {
    let failing = true;
    api({
      [`GET /earn-rewards/${trailheadId}`]: () => (failing ? serverError() : json(rewards[0])),
    });
    renderEarnRewards(`/earnRewards/${trailheadId}`);
    expect(await screen.findByText('Error occured while fetching records')).toBeTruthy();
    failing = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Trailhead Outdoor' }),
    ).toBeTruthy();
  });

  it('is not offered while the API says the method is unavailable', async () => {
    api({
      'GET /redemption-methods': () => json({ data: [method('earn_rewards', false)] }),
    });
    renderEarnRewards(`/earnRewards/${trailheadId}`);
    expect(
      await screen.findByText('This redemption method is unavailable at this moment.'),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Gift card amount (USD)')).toBeNull();
    expect(screen.getByRole('link', { name: 'See the brands with rewards' })).toBeTruthy();
  });
});

describe('the outcome of an earn-rewards purchase', () => {
  it('says the reward comes when the card is issued', async () => {
    api();
    renderApp(<VerifyOtpScreen />, {
      route: { pathname: '/verify-otp', state: { outcome: pendingPurchase, reward_in_cents: 750 } },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Redemption Pending' }),
    ).toBeTruthy();
    expect(
      screen.getByText(/Your \$50\.00 Trailhead Outdoor gift card is being issued/),
    ).toBeTruthy();
    expect(screen.getByText("You'll get $7.50 reward when your card is issued.")).toBeTruthy();
  });

  it('says the reward was added once the card is issued', async () => {
    api();
    renderApp(<VerifyOtpScreen />, {
      route: {
        pathname: '/verify-otp',
        state: {
          outcome: {
            ...pendingPurchase,
            status: 'Successful',
            completed_at: '2030-01-02T15:04:03.000Z',
          },
          reward_in_cents: 750,
        },
      },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Redemption Successful' }),
    ).toBeTruthy();
    expect(screen.getByText('Reward $7.50 added to your balance.')).toBeTruthy();
  });

  it('says nothing of a reward when the card failed', async () => {
    api();
    renderApp(<VerifyOtpScreen />, {
      route: {
        pathname: '/verify-otp',
        state: {
          outcome: { ...pendingPurchase, status: 'Failed', failure_reason: 'Declined.' },
          reward_in_cents: 750,
        },
      },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Redemption failed' }),
    ).toBeTruthy();
    expect(screen.queryByText(/reward/i)).toBeNull();
    expect(screen.getByRole('link', { name: 'Try another way' }).getAttribute('href')).toBe(
      '/earnRewards',
    );
  });
});
