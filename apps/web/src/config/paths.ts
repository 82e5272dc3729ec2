/**
 * Every route of SPEC §2. `path` is the router pattern; `href` builds a link to it, so no
 * screen spells a URL by hand.
 */

const seg = (value: string) => encodeURIComponent(value);

export const paths = {
  // Public
  auth: { path: '/auth', href: (mode?: 'signup') => (mode ? `/auth?mode=${mode}` : '/auth') },
  verifyAccount: { path: '/verify-account', href: () => '/verify-account' },
  claimRefund: { path: '/claim-refund', href: () => '/claim-refund' },
  intent: { path: '/intent', href: (id: string) => `/intent?id=${seg(id)}` },
  /** The link in the notice a replaced phone number or e-mail receives (ADR 0026). */
  reportChange: { path: '/report-change', href: (id: string) => `/report-change?id=${seg(id)}` },
  claim: { path: '/claim/:refund_uuid', href: (refundUuid: string) => `/claim/${seg(refundUuid)}` },
  claimError: { path: '/claim-error', href: () => '/claim-error' },
  claimSuccess: { path: '/claim-succes', href: () => '/claim-succes' },
  /** The correctly spelt address, kept working by redirecting to the SPEC's one. */
  claimSuccessAlias: { path: '/claim-success', href: () => '/claim-success' },
  /** The product's terms and privacy agreement: open to everyone, signed in or not. */
  terms: { path: '/terms', href: () => '/terms' },
  privacy: { path: '/privacy', href: () => '/privacy' },
  /** Where a customer lands, signed out, once their account is closed. */
  accountClosed: { path: '/account-closed', href: () => '/account-closed' },

  // Authenticated
  home: { path: '/', href: () => '/' },
  profile: { path: '/profile', href: () => '/profile' },
  personalDetails: { path: '/profile/personal-details', href: () => '/profile/personal-details' },
  securityActivity: {
    path: '/profile/security-activity',
    href: () => '/profile/security-activity',
  },
  closeAccount: { path: '/profile/close-account', href: () => '/profile/close-account' },
  paymentMethods: { path: '/profile/payment-methods', href: () => '/profile/payment-methods' },
  updateProfile: { path: '/update-profile', href: () => '/update-profile' },
  promotion: { path: '/promotion', href: () => '/promotion' },
  spotlight: { path: '/spotlight', href: () => '/spotlight' },
  /** The free-bet promotion page (SPEC §2): the sponsor's free play, claimed into the wallet. */
  freePlay: { path: '/free-play', href: () => '/free-play' },
  redemptionHistory: {
    path: '/profile/redemption-history',
    href: () => '/profile/redemption-history',
  },
  redemptionDetails: {
    path: '/profile/redemption-history/:uuid',
    href: (uuid: string) => `/profile/redemption-history/${seg(uuid)}`,
  },
  giftCardHistory: { path: '/profile/giftcards-history', href: () => '/profile/giftcards-history' },
  giftCardDetails: {
    path: '/profile/giftcards-history/:reward_reference_id',
    href: (rewardReferenceId: string) => `/profile/giftcards-history/${seg(rewardReferenceId)}`,
  },
  giftCardInstructions: {
    path: '/profile/giftcards-history/instructions',
    href: () => '/profile/giftcards-history/instructions',
  },
  visaPrepaidCardHistory: {
    path: '/profile/visaprepaidcard-history',
    href: () => '/profile/visaprepaidcard-history',
  },
  refundsHistory: { path: '/refunds-history', href: () => '/refunds-history' },
  refundDetails: {
    path: '/refunds-history/:uuid',
    href: (uuid: string) => `/refunds-history/${seg(uuid)}`,
  },
  verifyOtp: { path: '/verify-otp', href: () => '/verify-otp' },
  redeemDetails: { path: '/redeem-details', href: () => '/redeem-details' },
  redeemDebit: { path: '/redeem/debit', href: () => '/redeem/debit' },
  redeemDebitAddCard: { path: '/redeem/debit/add-card', href: () => '/redeem/debit/add-card' },
  redeemBank: { path: '/redeem/bank', href: () => '/redeem/bank' },
  redeemAddAccount: { path: '/redeem/add-account', href: () => '/redeem/add-account' },
  redeemTink: { path: '/redeem/tink', href: () => '/redeem/tink' },
  redeemPrepaid: { path: '/redeem/prepaid', href: () => '/redeem/prepaid' },
  redeemGiftCard: { path: '/redeem/giftcard', href: () => '/redeem/giftcard' },
  redeemGiftCardBrand: {
    path: '/redeem/giftcard/:brandID',
    href: (brandId: string) => `/redeem/giftcard/${seg(brandId)}`,
  },
  /** The sports merchant's team-shop gift cards (the text catalogue's sports gift card). */
  redeemSportsGiftCard: { path: '/redeem/sports-giftcard', href: () => '/redeem/sports-giftcard' },
  redeemFanCash: { path: '/redeem/fancash', href: () => '/redeem/fancash' },
  earnRewards: { path: '/earnRewards', href: () => '/earnRewards' },
  earnRewardsBrand: {
    path: '/earnRewards/:brandID',
    href: (brandId: string) => `/earnRewards/${seg(brandId)}`,
  },
  connectBank: { path: '/connect-bank', href: () => '/connect-bank' },
  bankFailure: { path: '/bank-failure', href: () => '/bank-failure' },
  viewLater: { path: '/view-later', href: () => '/view-later' },
  transaction: {
    path: '/transaction/:transaction_id',
    href: (transactionId: string) => `/transaction/${seg(transactionId)}`,
  },
} as const;

export type PathName = keyof typeof paths;
