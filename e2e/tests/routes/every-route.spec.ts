import { readFileSync } from 'node:fs';
import { test as base, expect, type APIRequestContext, type Page } from '../support/test';
import { baseURL } from '../../playwright.config';
import { claimWithToken, createRefund } from '../support/claims';
import {
  A11Y_VIEWPORTS,
  describeLook,
  expectNoSeriousViolations,
  setLook,
  showLook,
  type Look,
} from '../support/axe';
import {
  SANDBOX_GIFT_CARD_BRANDS,
  buyGiftCardThroughApi,
  waitForGiftCard,
} from '../support/giftcards';
import { apiAccessToken, createAccount, signInThroughApi } from '../support/people';
import { addDebitCard, redeemThroughApi, type FundedCustomer } from '../support/redemptions';

/**
 * Every route of the product, signed in and signed out, in English and German: where it lands
 * (the screen itself, or the redirect the route is meant to make), the page title in the
 * language shown, the page's `lang`, no leftover "not available yet" placeholder, and axe (no
 * serious or critical violations) in both themes at 360 px and on a desktop.
 */

type Language = 'en' | 'de';
const BRAND = 'Refund Wallet';

const catalogues: Record<Language, Record<string, unknown>> = {
  en: JSON.parse(readFileSync('../apps/web/public/locales/en/translation.json', 'utf8')) as Record<
    string,
    unknown
  >,
  de: JSON.parse(readFileSync('../apps/web/public/locales/de/translation.json', 'utf8')) as Record<
    string,
    unknown
  >,
};

/** A text of the catalogue, by its dotted key. */
function text(language: Language, key: string): string {
  const found = key
    .split('.')
    .reduce<unknown>(
      (node, part) =>
        typeof node === 'object' && node !== null
          ? (node as Record<string, unknown>)[part]
          : undefined,
      catalogues[language],
    );
  if (typeof found !== 'string') throw new Error(`No text ${key} in ${language}`);
  return found;
}

const titled = (language: Language, key: string) => `${text(language, key)} - ${BRAND}`;
const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const oneOf = (...titles: string[]) => new RegExp(`^(${titles.map(escape).join('|')})$`);

/** What a signed-in walk needs: one customer's refunds, a payout and a gift card. */
interface World {
  customer: FundedCustomer;
  claimedRefund: string;
  unclaimedRefund: string;
  transactionId: string;
  giftCardReference: string;
  brandId: string;
}

async function makeWorld(request: APIRequestContext): Promise<World> {
  const person = await createAccount(request);
  const claimed = await createRefund(request, person, {
    returns: [{ amount_in_cents: 30_000, description: 'Camping tent' }],
  });
  const unclaimed = await createRefund(request, person);
  const accessToken = await apiAccessToken(request, person);
  await claimWithToken(request, accessToken, claimed.refund_uuid);
  const customer: FundedCustomer = { person, accessToken, balanceInCents: 30_000 };
  const card = await addDebitCard(request, customer);
  const payout = await redeemThroughApi(request, customer, {
    cardUuid: card.card_uuid,
    amountInCents: 2_500,
  });
  const bought = await buyGiftCardThroughApi(request, customer, {
    providerBrandId: SANDBOX_GIFT_CARD_BRANDS.harborCoffee,
    amountInCents: 2_000,
  });
  const giftCard = await waitForGiftCard(
    request,
    customer,
    bought.transaction.transaction_id,
    'issued',
  );
  return {
    customer,
    claimedRefund: claimed.refund_uuid,
    unclaimedRefund: unclaimed.refund_uuid,
    transactionId: payout.transaction_id,
    giftCardReference: giftCard.reward_reference_id,
    brandId: bought.quote.brand_id,
  };
}

interface Visit {
  /** The address typed in. */
  path: (world: World) => string;
  /** Where it lands: the route itself unless it redirects. */
  lands?: RegExp;
  /** The document title, in the language shown. */
  title: (language: Language) => string | RegExp;
  /** Scanned with axe: false for a route that only redirects to a screen scanned elsewhere. */
  scan?: boolean;
  /** A route that hands the customer to a provider's page (not the app's, not translated). */
  external?: boolean;
}

const path = (value: string) => () => value;
const exactly = (value: string) => new RegExp(`^${value.replace(/[?]/g, '\\?')}$`);
const home = exactly('/');
const homeTitle = (language: Language) => titled(language, 'titles.home');

/** Routes anyone can open. Signed out or in, each shows its own screen. */
const publicVisits: Visit[] = [
  { path: (w) => `/claim/${w.unclaimedRefund}`, title: (l) => titled(l, 'titles.claim') },
  { path: path('/terms'), title: (l) => titled(l, 'legal.terms.title') },
  { path: path('/privacy'), title: (l) => titled(l, 'legal.privacy.title') },
  { path: path('/claim-error'), title: (l) => titled(l, 'titles.claimError') },
  { path: path('/account-closed'), title: (l) => titled(l, 'account.closed.title') },
];

/** Routes for the signed-out: signed in, they go home. */
const signedOutOnly: Visit[] = [
  { path: path('/auth'), title: (l) => titled(l, 'auth.signIn.title') },
  { path: path('/auth?mode=signup'), title: (l) => titled(l, 'auth.signUp.title') },
];

/**
 * Signed-in routes, as the signed-in customer sees them, in groups of screens that belong
 * together: each group is one test per look, so no test walks the whole app.
 */
const signedInGroups: Record<string, Visit[]> = {
  'home and profile': [
    { path: path('/'), title: homeTitle },
    { path: path('/profile'), title: (l) => titled(l, 'profile.title') },
    { path: path('/profile/personal-details'), title: (l) => titled(l, 'personalDetails.title') },
    { path: path('/update-profile'), title: (l) => titled(l, 'titles.updateProfile') },
    { path: path('/profile/payment-methods'), title: (l) => titled(l, 'account.payment.title') },
    {
      path: path('/profile/security-activity'),
      title: (l) => titled(l, 'account.security.title'),
    },
    { path: path('/profile/close-account'), title: (l) => titled(l, 'account.close.title') },
  ],
  promotions: [
    { path: path('/promotion'), title: (l) => titled(l, 'titles.promotion') },
    { path: path('/free-play'), title: (l) => titled(l, 'titles.freePlay') },
    { path: path('/spotlight'), title: (l) => titled(l, 'titles.spotlight') },
    { path: path('/view-later'), title: (l) => titled(l, 'viewLater.title') },
  ],
  histories: [
    { path: path('/refunds-history'), title: (l) => titled(l, 'titles.refundsHistory') },
    {
      path: (w) => `/refunds-history/${w.claimedRefund}`,
      title: (l) => titled(l, 'titles.refundDetails'),
    },
    {
      path: path('/profile/redemption-history'),
      title: (l) => titled(l, 'titles.redemptionHistory'),
    },
    {
      path: (w) => `/profile/redemption-history/${w.transactionId}`,
      title: (l) => titled(l, 'redemptionTitle.Successful'),
    },
    {
      path: (w) => `/transaction/${w.transactionId}`,
      title: (l) => titled(l, 'redemptionTitle.Successful'),
    },
  ],
  'gift card and prepaid card wallets': [
    {
      path: path('/profile/giftcards-history'),
      title: (l) => titled(l, 'titles.giftCardHistory'),
    },
    {
      path: (w) => `/profile/giftcards-history/${w.giftCardReference}`,
      title: (l) => titled(l, 'titles.giftCardDetails'),
    },
    {
      path: path('/profile/giftcards-history/instructions'),
      title: (l) => titled(l, 'titles.giftCardInstructions'),
    },
    {
      path: path('/profile/visaprepaidcard-history'),
      title: (l) => titled(l, 'titles.visaPrepaidCardHistory'),
    },
  ],
  'redeeming to a card or a bank': [
    { path: path('/redeem/debit'), title: (l) => titled(l, 'titles.redeemDebit') },
    { path: path('/redeem/debit/add-card'), title: (l) => titled(l, 'titles.redeemDebitAddCard') },
    { path: path('/redeem/bank'), title: (l) => titled(l, 'titles.redeemBank') },
    { path: path('/redeem/add-account'), title: (l) => titled(l, 'titles.redeemAddAccount') },
    // Bank linking starts at once: the sandbox provider's own page (the bank specs cover it).
    {
      path: path('/connect-bank'),
      lands: /^\/v1\/sandbox\//,
      title: () => 'Connect your bank (sandbox)',
      scan: false,
      external: true,
    },
    { path: path('/bank-failure'), title: (l) => titled(l, 'titles.bankFailure') },
    { path: path('/redeem/prepaid'), title: (l) => titled(l, 'titles.redeemPrepaid') },
  ],
  'gift cards, FanCash and earn rewards': [
    { path: path('/redeem/giftcard'), title: (l) => titled(l, 'titles.redeemGiftCard') },
    { path: (w) => `/redeem/giftcard/${w.brandId}`, title: () => `Harbor Coffee Co. - ${BRAND}` },
    { path: path('/redeem/sports-giftcard'), title: (l) => titled(l, 'giftCards.sports.title') },
    { path: path('/redeem/fancash'), title: (l) => titled(l, 'titles.redeemFanCash') },
    { path: path('/earnRewards'), title: (l) => titled(l, 'titles.earnRewards') },
    // This server offers no earn rewards: the brand's page says it has none.
    {
      path: (w) => `/earnRewards/${w.brandId}`,
      title: (l) => titled(l, 'titles.earnRewardsBrand'),
    },
  ],
  'public screens': publicVisits,
};

/**
 * Signed-in routes that only lead elsewhere: nothing of their own to scan, so they are walked
 * once per language, not per look.
 */
const signedInRedirects: Visit[] = [
  // Steps of a redemption opened before any redemption was started: home. (Once one is
  // started, they return to it.)
  { path: path('/redeem-details'), lands: home, title: homeTitle },
  { path: path('/verify-otp'), lands: home, title: homeTitle },
  // The way back from bank linking, opened by itself: the link's outcome, which is the bank
  // screen or the failure screen depending on whether a link was started.
  {
    path: path('/redeem/tink'),
    lands: /^\/(redeem\/bank|bank-failure)$/,
    title: (l) => oneOf(titled(l, 'titles.redeemBank'), titled(l, 'titles.bankFailure')),
  },
  { path: path('/intent'), lands: home, title: homeTitle },
  { path: path('/report-change'), lands: home, title: homeTitle },
  { path: path('/claim-refund'), lands: home, title: homeTitle },
  { path: path('/claim-succes'), lands: home, title: homeTitle },
  { path: path('/verify-account'), lands: home, title: homeTitle },
  { path: path('/no-such-page'), lands: home, title: homeTitle },
  // Routes for the signed-out go home.
  ...signedOutOnly.map((visit) => ({ ...visit, lands: home, title: homeTitle })),
];

/** Every signed-in route, signed out: the sign-in page, the route remembered for afterwards. */
const signedInPaths = [
  '/',
  '/profile',
  '/profile/personal-details',
  '/update-profile',
  '/profile/payment-methods',
  '/profile/security-activity',
  '/profile/close-account',
  '/promotion',
  '/spotlight',
  '/free-play',
  '/refunds-history',
  '/refunds-history/6f1e2d3c-4b5a-4c6d-8e7f-0a1b2c3d4e5f',
  '/profile/redemption-history',
  '/profile/redemption-history/6f1e2d3c-4b5a-4c6d-8e7f-0a1b2c3d4e5f',
  '/profile/giftcards-history',
  '/profile/giftcards-history/GC-7KQ2MX9PTA',
  '/profile/giftcards-history/instructions',
  '/profile/visaprepaidcard-history',
  '/transaction/6f1e2d3c-4b5a-4c6d-8e7f-0a1b2c3d4e5f',
  '/verify-otp',
  '/redeem-details',
  '/redeem/debit',
  '/redeem/debit/add-card',
  '/redeem/bank',
  '/redeem/add-account',
  '/redeem/tink',
  '/redeem/prepaid',
  '/redeem/giftcard',
  '/redeem/giftcard/SBX-harbor-coffee',
  '/redeem/sports-giftcard',
  '/redeem/fancash',
  '/earnRewards',
  '/earnRewards/SBX-trailhead-outdoor',
  '/connect-bank',
  '/bank-failure',
  '/view-later',
  // Steps of the claim and sign-in flows opened without their flow, and the magic link and the
  // change notice's link without their id: the sign-in page.
  '/claim-refund',
  '/claim-succes',
  '/verify-account',
  '/intent',
  '/report-change',
  '/no-such-page',
];

const PLACEHOLDER: Record<Language, RegExp> = {
  en: /not available yet/i,
  de: /noch nicht verfügbar/i,
};

async function arrive(page: Page, visit: Visit, world: World, language: Language) {
  const address = visit.path(world);
  await page.goto(address);
  const lands = visit.lands ?? exactly(address);
  await expect
    .poll(
      () => {
        const url = new URL(page.url());
        return `${url.pathname}${url.search}`;
      },
      { message: `${address} lands` },
    )
    .toMatch(lands);
  await expect(page, `${address} title`).toHaveTitle(visit.title(language));
  if (visit.external) return;
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(page.locator('h1').first(), `${address} has its heading`).toBeVisible();
  await expect(page.locator('body')).not.toContainText(PLACEHOLDER[language]);
}

/** Splits `items` into `parts` runs of nearly equal length, in order. */
function split<T>(items: T[], parts: number): T[][] {
  const size = Math.ceil(items.length / parts);
  return Array.from({ length: parts }, (_, i) => items.slice(i * size, (i + 1) * size));
}

/**
 * The world is made once per worker (a customer, refunds, a payout, a gift card: seconds of
 * work) and only read by the tests, each of which signs in afresh.
 */
const test = base.extend<object, { world: World }>({
  world: [
    async ({ playwright }, use) => {
      const request = await playwright.request.newContext({ baseURL });
      await use(await makeWorld(request));
      await request.dispose();
    },
    { scope: 'worker' },
  ],
});

/**
 * Lands on `visit` in the first of `looks`, then scans it in each of them in turn: the size and
 * the theme change on the page as it is, so a screen is loaded once however many looks scan it.
 */
async function arriveAndScan(
  page: Page,
  visit: Visit,
  world: World,
  language: Language,
  looks: readonly Look[],
) {
  const [first] = looks;
  if (first) await setLook(page, first);
  await arrive(page, visit, world, language);
  if (visit.scan === false) return;
  for (const look of looks) {
    await showLook(page, look);
    await expectNoSeriousViolations(page);
  }
}

for (const language of ['en', 'de'] as const) {
  const [phone, desktop] = A11Y_VIEWPORTS;
  // Signed out, English is scanned in both themes at both sizes. Signed in, each route is
  // scanned light on a phone and dark on a desktop (the screens' own specs scan the other two
  // pairs). German, whose longer words are what could break a layout, dark on a phone.
  const signedOutLooks: Look[][] =
    language === 'en'
      ? [
          [
            { theme: 'light', size: phone },
            { theme: 'light', size: desktop },
          ],
          [
            { theme: 'dark', size: phone },
            { theme: 'dark', size: desktop },
          ],
        ]
      : [[{ theme: 'dark', size: phone }]];
  const signedInLooks: Look[] =
    language === 'en'
      ? [
          { theme: 'light', size: phone },
          { theme: 'dark', size: desktop },
        ]
      : [{ theme: 'dark', size: phone }];

  test.describe(`every route in ${language === 'en' ? 'English' : 'German'}`, () => {
    // The browser's language decides, as for a first visit.
    test.use({ locale: language === 'en' ? 'en-US' : 'de-DE' });

    for (const [group, visits] of Object.entries(signedInGroups)) {
      test(`signed in, ${group}, ${signedInLooks.map(describeLook).join(' and ')}`, async ({
        page,
        world,
      }) => {
        test.setTimeout(60_000 * signedInLooks.length);
        await signInThroughApi(page, world.customer.person);
        for (const visit of visits) {
          await test.step(visit.path(world), () =>
            arriveAndScan(page, visit, world, language, signedInLooks),
          );
        }
      });
    }

    for (const looks of signedOutLooks) {
      test(`signed out, ${looks.map(describeLook).join(' and ')}`, async ({ page, request }) => {
        test.setTimeout(60_000 * looks.length);
        const person = await createAccount(request);
        const unclaimed = await createRefund(request, person);
        const world = { unclaimedRefund: unclaimed.refund_uuid } as World;

        for (const visit of [...signedOutOnly, ...publicVisits]) {
          await test.step(visit.path(world), () =>
            arriveAndScan(page, visit, world, language, looks),
          );
        }
      });
    }

    // Where an address leads does not depend on the language: the redirects are walked in
    // English (the German sign-in page is scanned with the signed-out screens).
    if (language === 'en') {
      test('signed in, the routes that lead elsewhere', async ({ page, world }) => {
        await signInThroughApi(page, world.customer.person);
        for (const visit of signedInRedirects) {
          await test.step(visit.path(world), () => arrive(page, visit, world, language));
        }
      });

      // Every signed-in route, signed out, goes to sign-in: walked in two halves.
      for (const [half, addresses] of split(signedInPaths, 2).entries()) {
        test(`signed out, the signed-in routes go to sign-in (${half + 1} of 2)`, async ({
          page,
        }) => {
          // A walk of some twenty pages: at about 3 s a page on a busy 2-core machine, more than
          // the default minute.
          test.setTimeout(180_000);
          for (const address of addresses) {
            await arrive(
              page,
              {
                path: () => address,
                lands: /^\/auth$/,
                title: (l) => titled(l, 'auth.signIn.title'),
              },
              {} as World,
              language,
            );
          }
        });
      }
    }
  });
}
