import type { FanCashLinkView } from '@refund/contracts/fancash';
import { useEffect, useEffectEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingState } from '../../../components/query-state';
import { errorMessage } from '../../../lib/api-error';
import { useCompleteFanCashLink } from '../api/complete-fancash-link';
import type { FanCashLinkFailure, FanCashLinkReturn as Returned } from '../link-return';

interface FanCashLinkReturnProps {
  returned: Returned;
  onLinked: (link: FanCashLinkView) => void;
  onFailed: (failure: FanCashLinkFailure) => void;
}

/**
 * Back from the merchant's sign-in: completes the link with the code and state it sent. The
 * state is single-use, so this asks once per visit, even when effects run twice (StrictMode).
 */
export function FanCashLinkReturn({ returned, onLinked, onFailed }: FanCashLinkReturnProps) {
  const { t } = useTranslation();
  const complete = useCompleteFanCashLink();
  const started = useRef(false);

  const finish = useEffectEvent(() => {
    if (returned.kind === 'refused') {
      onFailed({ reason: returned.cancelled ? 'cancelled' : 'failed', message: null });
      return;
    }
    complete.mutate(returned.request, {
      onSuccess: onLinked,
      onError: (error) => onFailed({ reason: 'failed', message: errorMessage(error) }),
    });
  });

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    finish();
  }, []);

  return <LoadingState label={t('fancash.link.finishing')} />;
}
