/**
 * One key factory per resource, so a mutation can invalidate exactly what a query cached:
 * `all` covers every key of the resource, `list`/`detail` narrow it down.
 */
function resourceKeys<const R extends string>(resource: R) {
  return {
    all: [resource] as const,
    lists: () => [resource, 'list'] as const,
    list: (params: Record<string, unknown> = {}) => [resource, 'list', params] as const,
    details: () => [resource, 'detail'] as const,
    detail: (id: string) => [resource, 'detail', id] as const,
  };
}

export const queryKeys = {
  appConfig: resourceKeys('app-config'),
  profile: resourceKeys('profile'),
  walletBalance: resourceKeys('wallet-balance'),
  redemptionMethods: resourceKeys('redemption-methods'),
  claimPage: resourceKeys('claim-page'),
  claimNextStep: resourceKeys('claim-next-step'),
  refunds: resourceKeys('refunds'),
  transactions: resourceKeys('transactions'),
  statement: resourceKeys('statement'),
  cards: resourceKeys('cards'),
  bankAccounts: resourceKeys('bank-accounts'),
  brands: resourceKeys('brands'),
  earnRewards: resourceKeys('earn-rewards'),
  giftCards: resourceKeys('gift-cards'),
  prepaidCards: resourceKeys('prepaid-cards'),
  prepaidCardholder: resourceKeys('prepaid-cardholder'),
  fanCashLink: resourceKeys('fancash-link'),
  spotlight: resourceKeys('spotlight'),
  freePlay: resourceKeys('free-play'),
  securityActivity: resourceKeys('security-activity'),
  accountClosure: resourceKeys('account-closure'),
  emailLink: resourceKeys('email-link'),
  contactChange: resourceKeys('contact-change'),
};

/** Data that belongs to the app rather than to whoever is signed in. */
export const sessionIndependentKeys: readonly string[] = [queryKeys.appConfig.all[0]];
