import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useAuthState } from '../../features/auth/auth-context';
import { readClaimErrorReason } from '../../features/claim/claim-routing-state';
import { ClaimErrorCard } from '../../features/claim/components/claim-error-card';
import { useDocumentTitle } from '../../lib/use-document-title';

export function ClaimErrorScreen() {
  const { t } = useTranslation();
  const { status } = useAuthState();
  const reason = readClaimErrorReason(useLocation().state);
  useDocumentTitle(t('titles.claimError'));
  return <ClaimErrorCard reason={reason} signedIn={status === 'AuthSuccessful'} />;
}
