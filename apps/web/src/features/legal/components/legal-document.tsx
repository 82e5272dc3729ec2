import { useId } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Card } from '../../../components/card';
import { useAppConfig } from '../../../lib/get-app-config';

export type LegalDocumentName = 'terms' | 'privacy';

interface Section {
  title: string;
  body: string;
}

function isSections(value: unknown): value is Record<string, Section> {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every(
      (section: unknown) =>
        typeof section === 'object' &&
        section !== null &&
        typeof (section as Section).title === 'string' &&
        typeof (section as Section).body === 'string',
    )
  );
}

function LegalSection({ section }: { section: Section }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h2 id={headingId} className="text-lg font-semibold text-ink">
        {section.title}
      </h2>
      {section.body.split('\n\n').map((paragraph) => (
        <p key={paragraph} className="text-ink">
          {paragraph}
        </p>
      ))}
    </section>
  );
}

/** The Terms of Service or the Privacy Agreement: its sections, in the locale's order. */
export function LegalDocument({ document }: { document: LegalDocumentName }) {
  const { t } = useTranslation();
  const config = useAppConfig().data;
  const brand = config?.brand_name ?? '';
  const sections: unknown = t(`legal.${document}.sections`, { returnObjects: true });
  const email = config?.support_email;
  return (
    <div className="flex flex-col gap-5">
      <p className="text-ink-muted">{t(`legal.${document}.intro`, { brand })}</p>
      <Card className="flex flex-col gap-6">
        {isSections(sections) &&
          Object.entries(sections).map(([key, section]) => (
            <LegalSection key={key} section={section} />
          ))}
      </Card>
      <p className="text-ink-muted">
        {email ? (
          <Trans
            i18nKey="legal.contact"
            values={{ email }}
            components={{
              mail: (
                <a
                  href={`mailto:${email}`}
                  className="font-semibold break-all text-primary underline underline-offset-4"
                />
              ),
            }}
          />
        ) : (
          t('legal.contactFallback')
        )}
      </p>
    </div>
  );
}
