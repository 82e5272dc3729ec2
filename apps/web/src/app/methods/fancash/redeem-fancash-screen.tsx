import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Card } from '../../../components/card';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { paths } from '../../../config/paths';
import { useFanCashLink } from '../../../features/fancash/api/get-fancash-link';
import { FanCashLinkFailure } from '../../../features/fancash/components/fancash-link-failure';
import { FanCashLinkIntro } from '../../../features/fancash/components/fancash-link-intro';
import { FanCashLinkReturn } from '../../../features/fancash/components/fancash-link-return';
import { FanCashLinkedAccount } from '../../../features/fancash/components/fancash-linked-account';
import {
  readLinkFailure,
  readLinkReturn,
  type FanCashLinkFailure as Failure,
} from '../../../features/fancash/link-return';
import { notify } from '../../../lib/toast';
import {
  MethodStartScreen,
  type MethodGateProps,
  type MethodStepProps,
} from '../../routes/method-start-screen';
import { FanCashAmount } from './redeem-fancash-amount';

/** The history entry of /redeem/fancash after a link that did not work. */
export interface FanCashScreenState {
  linkFailure: Failure;
}

/** The address loses the sign-in's answer either way: the state is spent. */
function useSettle() {
  const navigate = useNavigate();
  return (state: FanCashScreenState | null) =>
    void navigate(paths.redeemFanCash.href(), { replace: true, state });
}

/**
 * The sports merchant's sign-in sends the customer back here with `?code&state`: the link is
 * completed once, in the step's place, and then taken out of the address. The linked account is
 * read from the first render, beside the screen's own reads.
 */
function FanCashGate({ children }: MethodGateProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const returned = readLinkReturn(params);
  const settle = useSettle();
  useFanCashLink();
  if (!returned) return children;
  return (
    <Card>
      <FanCashLinkReturn
        returned={returned}
        onLinked={(linked) => {
          notify.success(t('fancash.link.linked', { name: linked.display_name }));
          settle(null);
        }}
        onFailed={(linkFailure) => settle({ linkFailure })}
      />
    </Card>
  );
}

/** FanCash's step: the account to link, or the linked one and the amount. */
function FanCashStep({ method, balance }: MethodStepProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const failure = readLinkFailure(location.state);
  const settle = useSettle();
  const link = useFanCashLink();
  const [unlinked, setUnlinked] = useState(false);

  if (link.isPending) return <LoadingState />;
  if (link.isError) {
    return (
      <ErrorState message={t('common.fetchRecordsError')} onRetry={() => void link.refetch()} />
    );
  }
  if (!link.data) {
    return (
      <Card aria-labelledby="fancash-link-heading">
        <FanCashLinkIntro failure={failure} takeFocus={unlinked} />
      </Card>
    );
  }
  return (
    <>
      {failure && <FanCashLinkFailure failure={failure} />}
      <Card aria-labelledby="fancash-account-heading">
        <FanCashLinkedAccount
          link={link.data}
          onUnlinked={() => {
            notify.success(t('fancash.account.unlinked'));
            setUnlinked(true);
            if (failure) settle(null);
          }}
        />
      </Card>
      <FanCashAmount link={link.data} method={method} balance={balance} />
    </>
  );
}

/**
 * FanCash (/redeem/fancash): the shared start screen with FanCash's step, linking the
 * customer's account at the sports merchant; then the amount, Confirm Details and the passcode
 * as for any redemption, the linked account standing for the destination.
 */
export function RedeemFanCashScreen() {
  return <MethodStartScreen mode="fancash" Step={FanCashStep} Gate={FanCashGate} focusOnLoad />;
}
