import { formatShortDate } from '@refund/contracts/format';
import type { GiftCardCredentials } from '@refund/contracts/giftcards';
import { Fragment, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonVariants } from '../../../components/button';
import { CopyButton } from '../../../components/copy-button';
import { useFocusOnMount } from '../../../lib/use-focus-on-mount';
import { codeGroups } from '../code-groups';
import { GiftCardBarcode } from './gift-card-barcode';

/** Only a web address may become a link: anything else from the issuer is not followed. */
const isWebAddress = (url: string) => /^https?:\/\//i.test(url);

function Credential({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl bg-surface-muted px-4 py-3">
      <dt className="text-sm text-ink-muted">{label}</dt>
      <dd className="flex items-center justify-between gap-3">
        <span className="min-w-0 font-mono text-lg font-semibold text-ink" data-code-groups="">
          {codeGroups(value).map((group, i) => (
            <Fragment key={i}>
              <span className="whitespace-nowrap">{group.text}</span>
              {group.after === ' ' ? ' ' : <wbr />}
            </Fragment>
          ))}
        </span>
        <CopyButton value={value} what={label} />
      </dd>
    </div>
  );
}

/**
 * An opened card: its barcode for a till, in the issuer's symbology; its code, PIN, barcode
 * number and expiry, each to copy; its activation link.
 */
export function GiftCardCredentialsView({
  credentials,
  onHide,
  children,
}: {
  credentials: GiftCardCredentials;
  onHide: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4">
      <h3 id={titleId} ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-ink">
        {t('giftCardWallet.code.openedTitle')}
      </h3>
      {credentials.barcode && credentials.barcode_format && (
        <GiftCardBarcode value={credentials.barcode} format={credentials.barcode_format} />
      )}
      <dl className="flex flex-col gap-2">
        <Credential label={t('giftCardWallet.code.code')} value={credentials.code} />
        {credentials.pin && (
          <Credential label={t('giftCardWallet.code.pin')} value={credentials.pin} />
        )}
        {credentials.barcode && (
          <Credential label={t('giftCardWallet.code.barcode')} value={credentials.barcode} />
        )}
        <div className="px-4">
          <dt className="text-sm text-ink-muted">{t('giftCardWallet.code.expires')}</dt>
          <dd className="font-medium text-ink">
            {credentials.expires_at ? (
              <time dateTime={credentials.expires_at}>
                {formatShortDate(credentials.expires_at)}
              </time>
            ) : (
              t('giftCardWallet.code.noExpiry')
            )}
          </dd>
        </div>
      </dl>
      <p className="text-sm text-ink-muted">{t('giftCardWallet.code.doNotShare')}</p>
      <div className="flex flex-wrap gap-3">
        {credentials.url && isWebAddress(credentials.url) && (
          <a
            href={credentials.url}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonVariants.primary}
          >
            {t('giftCardWallet.code.activate')}
            <span className="sr-only"> {t('giftCardWallet.details.newTab')}</span>
          </a>
        )}
        {children}
        <Button variant="secondary" onClick={onHide}>
          {t('giftCardWallet.code.hide')}
        </Button>
      </div>
    </section>
  );
}
