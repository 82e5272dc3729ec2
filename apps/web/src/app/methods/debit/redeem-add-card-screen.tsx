import { preferredAddress } from '@refund/contracts/profile';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Card } from '../../../components/card';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { paths } from '../../../config/paths';
import { useProfile } from '../../../features/profile/api/get-profile';
import { AddCardForm } from '../../../features/cards/components/add-card-form';
import { chooseDestination } from '../../../features/redeem/choose-destination';
import { notify } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { BackLink } from '../../routes/back-link';
import { cardDestination } from './card-destination';
import { PageHeading } from '../../routes/page-heading';
import type { UpdateAddressState } from '../../routes/update-profile-screen';

const needAddress: UpdateAddressState = { returnTo: paths.redeemDebitAddCard.href() };

/** Add Card (/redeem/debit/add-card); a card needs a billing address, asked for first. */
export function RedeemAddCardScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.redeemDebitAddCard'));
  const navigate = useNavigate();
  const profile = useProfile();
  const hasAddress = profile.data ? preferredAddress(profile.data.address) !== null : null;

  useEffect(() => {
    if (hasAddress === false) {
      void navigate(paths.updateProfile.href(), { replace: true, state: needAddress });
    }
  }, [hasAddress, navigate]);

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-5">
      <BackLink to={paths.redeemDebit.href()}>{t('redeem.addCard.back')}</BackLink>
      <PageHeading intro={t('redeem.addCard.intro')}>{t('titles.redeemDebitAddCard')}</PageHeading>
      <Card>
        {profile.isError ? (
          <ErrorState message={t('profile.error')} onRetry={() => void profile.refetch()} />
        ) : hasAddress ? (
          <AddCardForm
            onAdded={(card) => {
              const label = chooseDestination(cardDestination, card);
              notify.success(t('redeem.addCard.added', { card: label }));
              void navigate(paths.redeemDebit.href(), { replace: true });
            }}
            onAddressRequired={() =>
              void navigate(paths.updateProfile.href(), { state: needAddress })
            }
          />
        ) : (
          <LoadingState />
        )}
      </Card>
    </div>
  );
}
