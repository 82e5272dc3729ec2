import type { RedemptionMethod, RedemptionMode, WalletBalance } from '@refund/contracts/wallet';
import { useRef, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../components/query-state';
import { paths } from '../../config/paths';
import { useRedemptionFlow } from '../../features/redeem/redemption-flow';
import { useMethodFlow } from '../../features/redeem/use-method-flow';
import { useRedemptionMethods } from '../../features/wallet/api/get-redemption-methods';
import { useWalletBalance } from '../../features/wallet/api/get-wallet-balance';
import { useMethodUI } from '../../lib/methods/method-registry';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useFocusOnMount } from '../../lib/use-focus-on-mount';
import { BackLink } from './back-link';
import { MethodUnavailable } from './method-unavailable';
import { PageHeading } from './page-heading';

/** What a method's own step is given once its method is offered and the balance is known. */
export interface MethodStepProps {
  readonly method: RedemptionMethod;
  readonly balance: WalletBalance;
}

/** What stands around a method's step: it may take the step's place (a return from a sign-in). */
export interface MethodGateProps {
  readonly children: ReactNode;
}

/** What a method's choice before its amount (a brand) is given once its method is offered. */
export interface MethodChoiceProps {
  readonly method: RedemptionMethod;
}

/**
 * The method's slot of the flow. A step takes what the method needs before Confirm Details (a
 * saved destination and the amount, the cardholder and the amount, a linked account) and starts
 * the method's flow with its limits. A choice comes before that step on a screen of its own (a
 * brand, whose page then takes the amount and locks the price): it starts no flow and needs no
 * balance.
 */
type MethodSlot =
  | { readonly Step: ComponentType<MethodStepProps>; readonly Choice?: never }
  | { readonly Choice: ComponentType<MethodChoiceProps>; readonly Step?: never };

type MethodStartScreenProps = MethodSlot & {
  readonly mode: RedemptionMode;
  /**
   * Around the step, mounted from the first render: a return from the method's own sign-in
   * takes the step's place here, and the step's reads start beside the screen's.
   */
  readonly Gate?: ComponentType<MethodGateProps>;
  /** What is said while the screen's reads load, where the method words it. */
  readonly loadingKey?: string;
  /** A list of tiles takes the wider column. */
  readonly wide?: boolean;
  /**
   * Whether the heading takes focus when the page loads, for a screen the customer comes back
   * to from elsewhere (the method's own sign-in). Otherwise it does on a route change only.
   */
  readonly focusOnLoad?: boolean;
};

const passThrough = ({ children }: MethodGateProps) => children;

/**
 * The first screen of every redemption method: its title and intro from the method registry,
 * the way home, the method's limits read and its flow started, the SPEC's message when the
 * method is not offered, and then the method's own step. Confirm Details, the passcode and the
 * outcome that follow are the same for every method.
 */
export function MethodStartScreen({
  mode,
  Step,
  Choice,
  Gate = passThrough,
  loadingKey,
  wide = false,
  focusOnLoad = false,
}: MethodStartScreenProps) {
  const { t } = useTranslation();
  const ui = useMethodUI(mode);
  const title = t(ui.titleKey);
  useDocumentTitle(title);
  const focusedOnLoad = useFocusOnMount<HTMLHeadingElement>();
  const heading = useRef<HTMLHeadingElement>(null);
  const headingRef = focusOnLoad ? focusedOnLoad : heading;
  const flow = useRedemptionFlow();
  const methods = useRedemptionMethods();
  const balance = useWalletBalance({ enabled: Step !== undefined });
  const method = methods.data?.find((m) => m.mode === mode);
  useMethodFlow(mode, Step ? method : undefined);

  const body = () => {
    const loading = <LoadingState label={loadingKey ? t(loadingKey) : undefined} />;
    if (methods.isPending || (Step && balance.isPending)) return loading;
    if (methods.isError || balance.isError) {
      return (
        <ErrorState
          message={t('common.fetchRecordsError')}
          onRetry={() =>
            void Promise.all([
              methods.isError ? methods.refetch() : null,
              balance.isError ? balance.refetch() : null,
            ])
          }
        />
      );
    }
    if (!method?.is_available) return <MethodUnavailable />;
    if (Choice) return <Choice method={method} />;
    if (flow.mode !== mode || !balance.data) return loading;
    return <Step method={method} balance={balance.data} />;
  };

  return (
    <div className={`mx-auto flex ${wide ? 'max-w-3xl' : 'max-w-2xl'} flex-col gap-5`}>
      <BackLink to={paths.home.href()}>{t('redeem.backHome')}</BackLink>
      <PageHeading headingRef={headingRef} intro={t(ui.introKey)}>
        {title}
      </PageHeading>
      <Gate>{body()}</Gate>
    </div>
  );
}
