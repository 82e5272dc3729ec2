import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../lib/use-document-title';

const steps = ['openLink', 'logIn', 'followInstructions'] as const;

/** /view-later: the gift card link went out by message; how to use it. */
export function ViewLaterScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(t('viewLater.title'));
  return (
    <Card className="mx-auto flex max-w-lg flex-col gap-5">
      <h1 className="text-2xl font-bold tracking-tight text-ink">{t('viewLater.title')}</h1>
      <p className="text-ink-muted">{t('viewLater.body')}</p>
      <ol className="flex flex-col gap-3">
        {steps.map((step, index) => (
          <li key={step} className="flex items-start gap-3">
            <span
              aria-hidden="true"
              className="grid size-7 shrink-0 place-items-center rounded-full bg-primary-soft text-sm font-bold text-on-primary-soft"
            >
              {index + 1}
            </span>
            <span className="pt-0.5 text-ink">{t(`viewLater.steps.${step}`)}</span>
          </li>
        ))}
      </ol>
      <Button onClick={() => void navigate(paths.home.href())}>{t('viewLater.done')}</Button>
    </Card>
  );
}
