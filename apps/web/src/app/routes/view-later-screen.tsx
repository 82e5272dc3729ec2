import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { paths } from '../../config/paths';
import { ViewLaterSteps } from '../../features/giftcards/components/view-later-steps';
import { useDocumentTitle } from '../../lib/use-document-title';
import { BackLink } from './back-link';
import { useRouteHeading } from '../../lib/route-focus';

/** What the gift card's "View later" hands over: the card whose link was just texted. */
export interface ViewLaterState {
  giftCardReference: string;
}

function sentFor(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const reference = (state as Partial<ViewLaterState>).giftCardReference;
  return typeof reference === 'string' ? reference : null;
}

/**
 * /view-later: the link to the gift card was texted; how to use it. Opened any other way (a
 * bookmark, a reload in a new tab) it explains the same steps without claiming a text was sent.
 */
export function ViewLaterScreen() {
  const heading = useRouteHeading();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const reference = sentFor(useLocation().state);
  useDocumentTitle(t('viewLater.title'));
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-5">
      {reference && (
        <BackLink to={paths.giftCardDetails.href(reference)}>{t('viewLater.back')}</BackLink>
      )}
      <Card className="flex flex-col gap-5">
        <h1 {...heading} className="text-2xl font-bold tracking-tight text-ink">
          {t('viewLater.title')}
        </h1>
        <p className="text-ink">{reference ? t('viewLater.body') : t('viewLater.howItWorks')}</p>
        <ViewLaterSteps />
        <Button onClick={() => navigate(paths.giftCardHistory.href())}>
          {t('viewLater.done')}
        </Button>
      </Card>
    </div>
  );
}
