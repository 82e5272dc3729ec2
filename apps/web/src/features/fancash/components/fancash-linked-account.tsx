import type { FanCashLinkView } from '@refund/contracts/fancash';
import { formatShortDate } from '@refund/contracts/format';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { FormAlert } from '../../../components/form-alert';
import { errorMessage } from '../../../lib/api-error';
import { useStartFanCashLink } from '../api/start-fancash-link';
import { useUnlinkFanCash } from '../api/unlink-fancash';

interface FanCashLinkedAccountProps {
  link: FanCashLinkView;
  onUnlinked: () => void;
}

/** The account FanCash goes to, with the ways to switch to another one or to unlink it. */
export function FanCashLinkedAccount({ link, onUnlinked }: FanCashLinkedAccountProps) {
  const { t } = useTranslation();
  const start = useStartFanCashLink();
  const unlink = useUnlinkFanCash();
  const leaving = start.isPending || start.isSuccess;
  const failed = start.isError ? start.error : unlink.isError ? unlink.error : null;

  return (
    <div className="flex flex-col gap-4">
      <h2 id="fancash-account-heading" className="text-lg font-semibold text-ink">
        {t('fancash.account.title')}
      </h2>
      <div className="flex flex-col gap-1">
        <p className="text-ink" data-testid="fancash-linked-as">
          {t('fancash.account.linkedAs', { name: link.display_name })}
        </p>
        <p className="text-sm text-ink-muted">
          {t('fancash.account.linkedOn', { date: formatShortDate(link.linked_at) })}
        </p>
      </div>
      <FormAlert message={failed ? errorMessage(failed) : null} />
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button
          variant="secondary"
          loading={leaving}
          disabled={unlink.isPending}
          onClick={() => start.mutate()}
        >
          {t('fancash.account.switch')}
        </Button>
        <Button
          variant="ghost"
          loading={unlink.isPending}
          disabled={leaving}
          aria-label={t('fancash.account.unlinkLabel', { name: link.display_name })}
          // The promise, not mutate's callback: this card is gone once the link is.
          onClick={() => void unlink.mutateAsync().then(onUnlinked, () => undefined)}
        >
          {t('fancash.account.unlink')}
        </Button>
      </div>
    </div>
  );
}
