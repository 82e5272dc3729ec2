import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { rewardReferenceSchema } from '@refund/contracts/giftcards';
import { paths } from '../../config/paths';
import { GiftCardInstructions } from '../../features/giftcards/components/gift-card-instructions';
import { useDocumentTitle } from '../../lib/use-document-title';
import { BackLink } from './back-link';
import { PageHeading } from './page-heading';

/**
 * /profile/giftcards-history/instructions: how to use a gift card, the terms and the support
 * line; opened from a card (?ref=GC-…), that card's terms too, and the way back to it.
 */
export function GiftCardInstructionsScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const parsed = rewardReferenceSchema.safeParse(params.get('ref'));
  const reference = parsed.success ? parsed.data : null;
  useDocumentTitle(t('titles.giftCardInstructions'));
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-5">
      {reference ? (
        <BackLink to={paths.giftCardDetails.href(reference)}>
          {t('titles.giftCardDetails')}
        </BackLink>
      ) : (
        <BackLink to={paths.giftCardHistory.href()}>{t('titles.giftCardHistory')}</BackLink>
      )}
      <PageHeading intro={t('giftCardWallet.instructions.intro')}>
        {t('titles.giftCardInstructions')}
      </PageHeading>
      <GiftCardInstructions reference={reference} />
    </div>
  );
}
