import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { GiftCardDetails } from '../../features/giftcards/components/gift-card-details';
import { useDocumentTitle } from '../../lib/use-document-title';
import { BackLink } from './back-link';
import { PageHeading } from './page-heading';
import type { ViewLaterState } from './view-later-screen';

/** /profile/giftcards-history/{reward_reference_id}: one gift card. */
export function GiftCardDetailsScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { reward_reference_id: reference = '' } = useParams();
  useDocumentTitle(t('titles.giftCardDetails'));
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-5">
      <BackLink to={paths.giftCardHistory.href()}>{t('titles.giftCardHistory')}</BackLink>
      <PageHeading>{t('titles.giftCardDetails')}</PageHeading>
      <GiftCardDetails
        // A new reference is a new card: nothing opened for the last one carries over.
        key={reference}
        reference={reference}
        instructionsHref={`${paths.giftCardInstructions.href()}?ref=${encodeURIComponent(reference)}`}
        onViewLaterSent={() =>
          navigate(paths.viewLater.href(), {
            state: { giftCardReference: reference } satisfies ViewLaterState,
          })
        }
      />
    </div>
  );
}
