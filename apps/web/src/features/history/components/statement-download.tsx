import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { FormAlert } from '../../../components/form-alert';
import { SelectField } from '../../../components/select-field';
import { useFileDownload } from '../../../lib/use-file-download';
import { downloadStatement, recentMonths, type StatementFormat } from '../api/download-statement';

/** Months a statement can be downloaded for: this one and the eleven before it. */
const MONTHS = 12;

/**
 * A month's statement to keep: its opening balance, every movement of the month and its closing
 * balance, as CSV for a spreadsheet or as PDF.
 */
export function StatementDownload() {
  const { t, i18n } = useTranslation();
  const months = recentMonths(MONTHS);
  const [month, setMonth] = useState(months[0] ?? '');
  const { busy, error, download: save } = useFileDownload<StatementFormat>();
  const monthName = (value: string) =>
    new Date(`${value}-01T00:00:00Z`).toLocaleDateString(i18n.language, {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });

  const download = (format: StatementFormat) =>
    save(format, () => downloadStatement(month, format));

  return (
    <Card aria-labelledby="statement-title" className="mb-5 flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id="statement-title" className="text-lg font-semibold text-ink">
          {t('activity.statement.title')}
        </h2>
        <p className="text-sm text-ink-muted">{t('activity.statement.intro')}</p>
      </div>
      <SelectField
        label={t('activity.statement.month')}
        placeholder={t('activity.statement.choose')}
        options={months.map((value) => ({ value, label: monthName(value) }))}
        value={month}
        onChange={(event) => setMonth(event.target.value)}
      />
      <FormAlert message={error} />
      <div className="flex flex-wrap gap-3">
        <Button
          variant="secondary"
          disabled={!month}
          loading={busy === 'csv'}
          onClick={() => download('csv')}
        >
          {t('activity.statement.csv')}
        </Button>
        <Button
          variant="secondary"
          disabled={!month}
          loading={busy === 'pdf'}
          onClick={() => download('pdf')}
        >
          {t('activity.statement.pdf')}
        </Button>
      </div>
    </Card>
  );
}
