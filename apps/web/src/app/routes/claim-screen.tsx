import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { ErrorState, LoadingState } from '../../components/query-state';
import { paths } from '../../config/paths';
import { useClaimPage } from '../../features/claim/api/get-claim-page';
import type { ClaimErrorReason } from '../../features/claim/claim-routing-state';
import { ClaimOffer } from '../../features/claim/components/claim-offer';
import { ApiError } from '../../lib/api-error';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /claim/{refund_uuid}: the link a merchant sends. Anyone holding it may open it. */
export function ClaimScreen() {
  const { t } = useTranslation();
  const { refund_uuid = '' } = useParams();
  const page = useClaimPage(refund_uuid);
  useDocumentTitle(t('titles.claim'));

  if (page.isPending) return <LoadingState label={t('claim.loading')} />;
  if (page.isError) {
    const status = page.error instanceof ApiError ? page.error.status : 0;
    if (status === 404 || status === 400) {
      const reason: ClaimErrorReason = status === 400 ? 'invalid-link' : 'not-claimable';
      return <Navigate to={paths.claimError.href()} replace state={{ reason }} />;
    }
    return <ErrorState message={t('claim.loadError')} onRetry={() => void page.refetch()} />;
  }
  return <ClaimOffer page={page.data} />;
}
