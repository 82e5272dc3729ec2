import type { Profile } from '@refund/contracts/profile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { useProfile } from '../api/get-profile';

/** Renders `children` with the signed-in customer's profile, with loading and error states. */
export function WithProfile({ children }: { children: (profile: Profile) => ReactNode }) {
  const { t } = useTranslation();
  const profile = useProfile();
  if (profile.isPending) return <LoadingState label={t('profile.loading')} />;
  if (profile.isError)
    return <ErrorState message={t('profile.error')} onRetry={() => void profile.refetch()} />;
  return children(profile.data);
}
