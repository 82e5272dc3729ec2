import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { GiftCardShelves } from '../../features/giftcards/components/gift-card-shelves';
import { useDocumentTitle } from '../../lib/use-document-title';
import { BackLink } from './back-link';
import { PageHeading } from './page-heading';

/** /profile/giftcards-history: the gift card wallet, active and used cards apart. */
export function GiftCardHistoryScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.giftCardHistory'));
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-5">
      <BackLink to={paths.profile.href()}>{t('profile.title')}</BackLink>
      <div className="flex flex-col">
        <PageHeading intro={t('giftCardWallet.intro')}>{t('titles.giftCardHistory')}</PageHeading>
        <Link
          to={paths.giftCardInstructions.href()}
          className="-mt-3 self-start font-semibold text-primary underline underline-offset-4"
        >
          {t('giftCardWallet.instructionsLink')}
        </Link>
      </div>
      <GiftCardShelves />
    </div>
  );
}
