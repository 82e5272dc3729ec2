import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

// SPEC's order. "Visa Gift Cards" are the Visa prepaid cards; the gift card wallet is next.
const items = [
  { key: 'visaGiftCards', href: paths.visaPrepaidCardHistory.href() },
  { key: 'giftCardWallet', href: paths.giftCardHistory.href() },
  { key: 'transactionHistory', href: paths.refundsHistory.href() },
  { key: 'myRedemptions', href: paths.redemptionHistory.href() },
  { key: 'personalDetails', href: paths.personalDetails.href() },
  {
    key: 'paymentMethods',
    href: paths.paymentMethods.href(),
    label: 'account.menu.paymentMethods',
  },
  {
    key: 'securityActivity',
    href: paths.securityActivity.href(),
    label: 'account.menu.securityActivity',
  },
] as const;

export function ProfileMenu() {
  const { t } = useTranslation();
  return (
    <nav
      aria-label={t('profile.menuLabel')}
      className="overflow-hidden rounded-2xl border border-line bg-surface shadow-sm"
    >
      <ul className="flex flex-col divide-y divide-line">
        {items.map((item) => (
          <li key={item.key}>
            <Link
              to={item.href}
              className="flex min-h-14 items-center justify-between px-5 font-medium text-ink hover:bg-surface-muted focus-visible:-outline-offset-4"
            >
              {'label' in item ? t(item.label) : t(`profile.menu.${item.key}`)}
              <span aria-hidden="true" className="text-xl text-ink-muted">
                ›
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
