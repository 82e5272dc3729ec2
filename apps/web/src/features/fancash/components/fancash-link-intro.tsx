import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { FormAlert } from '../../../components/form-alert';
import { errorMessage } from '../../../lib/api-error';
import { useStartFanCashLink } from '../api/start-fancash-link';
import type { FanCashLinkFailure as Failure } from '../link-return';
import { FanCashLinkFailure } from './fancash-link-failure';

interface FanCashLinkIntroProps {
  /** Why the last try did not link an account; the button then offers to try again. */
  failure: Failure | null;
  /** Whether its heading takes focus, e.g. when it replaces the account just unlinked. */
  takeFocus?: boolean;
}

/** No account linked yet: what FanCash is, and the way to link one at the merchant. */
export function FanCashLinkIntro({ failure, takeFocus = false }: FanCashLinkIntroProps) {
  const { t } = useTranslation();
  const start = useStartFanCashLink();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Once the sign-in's address is known the browser is leaving: the button stays busy.
  const leaving = start.isPending || start.isSuccess;

  useEffect(() => {
    if (takeFocus) headingRef.current?.focus();
  }, [takeFocus]);

  return (
    <div className="flex flex-col gap-4">
      <h2
        id="fancash-link-heading"
        ref={headingRef}
        tabIndex={-1}
        className="text-lg font-semibold text-ink"
      >
        {t('fancash.account.title')}
      </h2>
      <p className="text-ink">{t('fancash.link.none')}</p>
      <ul className="flex list-disc flex-col gap-2 ps-5 text-ink">
        <li>{t('fancash.link.what')}</li>
        <li>{t('fancash.link.how')}</li>
        <li>{t('fancash.link.privacy')}</li>
      </ul>
      {failure && <FanCashLinkFailure failure={failure} />}
      <FormAlert message={start.isError ? errorMessage(start.error) : null} />
      <Button loading={leaving} onClick={() => start.mutate()}>
        {failure ? t('fancash.link.tryAgain') : t('fancash.link.start')}
      </Button>
    </div>
  );
}
