import { brandCategories, type BrandExpiry } from '@refund/contracts/brands';
import type { TFunction } from 'i18next';

/**
 * A gift card brand's offer, expiry and categories in the reader's language, worded from the
 * API's figures (the cashback in basis points, the expiry as months or never) rather than its
 * English sentences.
 */

/** "4% cashback", "2.5% cashback"; "4 % Cashback" in German. Null without cashback. */
export function cashbackLabel(t: TFunction, cashbackBps: number): string | null {
  if (cashbackBps <= 0) return null;
  return t('giftCards.offer.cashback', { rate: cashbackBps / 100 });
}

/** "Does not expire", "Expires 5 years after issue", or where each card says it. */
export function expiryText(t: TFunction, expiry: BrandExpiry): string {
  switch (expiry.type) {
    case 'never':
      return t('giftCards.expiry.never');
    case 'after_issue':
      return expiry.months % 12 === 0
        ? t('giftCards.expiry.afterIssueYears', { count: expiry.months / 12 })
        : t('giftCards.expiry.afterIssueMonths', { count: expiry.months });
    case 'with_card':
      return t('giftCards.expiry.withCard');
  }
}

/**
 * A catalog category's name: a known one translated, one the API added since by the name the
 * API gives it, and anything else as it is.
 */
export function categoryName(t: TFunction, category: string): string {
  const apiName: string =
    (brandCategories as Partial<Record<string, string>>)[category] ?? category;
  return t(`giftCards.categories.${category}`, { defaultValue: apiName });
}
