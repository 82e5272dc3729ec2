import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Card } from '../../components/card';
import { ErrorState, LoadingState } from '../../components/query-state';
import { paths } from '../../config/paths';
import { useFanCashLink } from '../../features/fancash/api/get-fancash-link';
import { FanCashLinkFailure } from '../../features/fancash/components/fancash-link-failure';
import { FanCashLinkIntro } from '../../features/fancash/components/fancash-link-intro';
import { FanCashLinkReturn } from '../../features/fancash/components/fancash-link-return';
import { FanCashLinkedAccount } from '../../features/fancash/components/fancash-linked-account';
import {
  readLinkFailure,
  readLinkReturn,
  type FanCashLinkFailure as Failure,
} from '../../features/fancash/link-return';
import { useRedemptionFlow } from '../../features/redeem/redemption-flow';
import { useMethodFlow } from '../../features/redeem/use-method-flow';
import { useRedemptionMethods } from '../../features/wallet/api/get-redemption-methods';
import { useWalletBalance } from '../../features/wallet/api/get-wallet-balance';
import { notify } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useFocusOnMount } from '../../lib/use-focus-on-mount';
import { BackLink } from './back-link';
import { MethodUnavailable } from './method-unavailable';
import { PageHeading } from './page-heading';
import { FanCashAmount } from './redeem-fancash-amount';

/** The history entry of /redeem/fancash after a link that did not work. */
export interface FanCashScreenState {
  linkFailure: Failure;
}

/**
 * FanCash (/redeem/fancash): linking the customer's account at the sports merchant (its sign-in
 * sends them back here with `?code&state`, completed once and then taken out of the address),
 * then the amount, Confirm Details and the passcode as for any redemption, the linked account
 * standing for the destination.
 */
export function RedeemFanCashScreen() {
  const { t } = useTranslation();
  const title = t('titles.redeemFanCash');
  useDocumentTitle(title);
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const returned = readLinkReturn(params);
  const failure = readLinkFailure(location.state);
  const flow = useRedemptionFlow();
  const methods = useRedemptionMethods();
  const balance = useWalletBalance();
  const link = useFanCashLink();
  const [unlinked, setUnlinked] = useState(false);
  const method = methods.data?.find((m) => m.mode === 'fancash');
  useMethodFlow('fancash', method);

  // The address loses the sign-in's answer either way: the state is spent.
  const settle = (state: FanCashScreenState | null) =>
    void navigate(paths.redeemFanCash.href(), { replace: true, state });

  const body = () => {
    if (returned) {
      return (
        <Card>
          <FanCashLinkReturn
            returned={returned}
            onLinked={(linked) => {
              notify.success(t('fancash.link.linked', { name: linked.display_name }));
              setUnlinked(false);
              settle(null);
            }}
            onFailed={(linkFailure) => settle({ linkFailure })}
          />
        </Card>
      );
    }
    if (methods.isPending || balance.isPending || link.isPending) return <LoadingState />;
    if (methods.isError || balance.isError || link.isError) {
      return (
        <ErrorState
          message={t('common.fetchRecordsError')}
          onRetry={() =>
            void Promise.all([
              methods.isError ? methods.refetch() : null,
              balance.isError ? balance.refetch() : null,
              link.isError ? link.refetch() : null,
            ])
          }
        />
      );
    }
    if (!method?.is_available) return <MethodUnavailable />;
    if (!link.data) {
      return (
        <Card aria-labelledby="fancash-link-heading">
          <FanCashLinkIntro failure={failure} takeFocus={unlinked} />
        </Card>
      );
    }
    if (flow.mode !== 'fancash') return <LoadingState />;
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
        <FanCashAmount link={link.data} method={method} balance={balance.data} />
      </>
    );
  };

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-5">
      <BackLink to={paths.home.href()}>{t('redeem.backHome')}</BackLink>
      <PageHeading headingRef={headingRef} intro={t('fancash.redeem.intro')}>
        {title}
      </PageHeading>
      {body()}
    </div>
  );
}
