import { formatDateTime } from '@refund/contracts/format';
import type { ContactChangeNotice, ContactChangeReport } from '@refund/contracts/profile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Button, buttonVariants } from '../../components/button';
import { Card } from '../../components/card';
import { FormAlert } from '../../components/form-alert';
import { LoadingState } from '../../components/query-state';
import { paths } from '../../config/paths';
import {
  useContactChange,
  useReportContactChange,
} from '../../features/profile/api/contact-change';
import { errorMessage } from '../../lib/api-error';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useFocusOnMount } from '../../lib/use-focus-on-mount';

function Outcome({ title, message, signIn }: { title: string; message: string; signIn: boolean }) {
  const { t } = useTranslation();
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  return (
    <Card className="flex flex-col gap-4" aria-labelledby="report-change-title">
      <h1
        id="report-change-title"
        ref={headingRef}
        tabIndex={-1}
        className="text-2xl font-bold text-ink"
      >
        {title}
      </h1>
      <p className="text-ink" role="status">
        {message}
      </p>
      <Link to={signIn ? paths.auth.href() : paths.home.href()} className={buttonVariants.primary}>
        {signIn ? t('reportChange.signIn') : t('reportChange.home')}
      </Link>
    </Card>
  );
}

function NoticeCard({ id, notice }: { id: string; notice: ContactChangeNotice }) {
  const { t } = useTranslation();
  const report = useReportContactChange();
  const [done, setDone] = useState<ContactChangeReport | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (done) {
    return <Outcome title={t('reportChange.doneTitle')} message={done.message} signIn />;
  }
  if (notice.reported) {
    return (
      <Outcome
        title={t('reportChange.reportedTitle')}
        message={t('reportChange.reported')}
        signIn
      />
    );
  }
  const values = { value: notice.new_value, date: formatDateTime(notice.changed_at) };
  return (
    <Card className="flex flex-col gap-4" aria-labelledby="report-change-title">
      <h1 id="report-change-title" className="text-2xl font-bold text-ink">
        {t('reportChange.title')}
      </h1>
      <p className="break-words text-ink" data-testid="report-change-body">
        {notice.kind === 'phone'
          ? t('reportChange.phone', values)
          : t('reportChange.email', values)}
      </p>
      <p className="text-ink-muted">{t('reportChange.explain')}</p>
      <FormAlert message={error} />
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button
          variant="danger"
          loading={report.isPending}
          onClick={() => {
            setError(null);
            report.mutate(id, {
              onSuccess: setDone,
              onError: (failure) => setError(errorMessage(failure)),
            });
          }}
        >
          {t('reportChange.notMe')}
        </Button>
        <Link to={paths.home.href()} className={buttonVariants.secondary}>
          {t('reportChange.wasMe')}
        </Link>
      </div>
    </Card>
  );
}

function NoticePage({ id }: { id: string }) {
  const { t } = useTranslation();
  const notice = useContactChange(id);
  if (notice.isPending) {
    return (
      <Card>
        <LoadingState label={t('reportChange.checking')} />
      </Card>
    );
  }
  if (notice.isError) {
    return (
      <Outcome
        title={t('reportChange.invalidTitle')}
        message={errorMessage(notice.error)}
        signIn={false}
      />
    );
  }
  return <NoticeCard id={id} notice={notice.data} />;
}

/**
 * /report-change?id=…: the link in the notice a replaced phone number or e-mail receives. Whoever
 * it reached may say the change was not theirs, signed in or not (ADR 0026).
 */
export function ReportChangeScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id');
  useDocumentTitle(t('titles.reportChange'));
  if (!id) return <Navigate to={paths.home.href()} replace />;
  return <NoticePage key={id} id={id} />;
}
