import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Card } from '../../components/card';
import { paths } from '../../config/paths';
import { internalPath } from '../../features/auth/return-path';
import { AddressBook } from '../../features/profile/components/address-book';
import { AddressForm } from '../../features/profile/components/address-form';
import { WithProfile } from '../../features/profile/components/profile-query';
import { notify } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { BackLink } from './back-link';
import { PageHeading } from './page-heading';

/** Where a screen that needs an address sends the customer back to once it is saved. */
export interface UpdateAddressState {
  returnTo: string;
}

function readState(state: unknown): UpdateAddressState | null {
  if (typeof state !== 'object' || state === null) return null;
  const { returnTo } = state as Partial<UpdateAddressState>;
  // Only paths of this app: never another origin.
  const path = internalPath(typeof returnTo === 'string' ? returnTo : null);
  return path ? { returnTo: path } : null;
}

/**
 * Update Address (/update-profile): the address book from Personal Details, or the billing
 * address form when a card needs one first.
 */
export function UpdateProfileScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.updateProfile'));
  const navigate = useNavigate();
  const from = readState(useLocation().state);
  const back = from?.returnTo ?? paths.personalDetails.href();

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-5">
      <BackLink to={back}>{t('common.back')}</BackLink>
      <PageHeading intro={from ? t('address.introCard') : t('addressBook.intro')}>
        {t('titles.updateProfile')}
      </PageHeading>
      <Card>
        <WithProfile>
          {(profile) =>
            from ? (
              <AddressForm
                profile={profile}
                onSaved={() => {
                  notify.success(t('address.saved'));
                  void navigate(back, { replace: true });
                }}
              />
            ) : (
              <AddressBook profile={profile} />
            )
          }
        </WithProfile>
      </Card>
    </div>
  );
}
