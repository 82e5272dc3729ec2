import { useTranslation } from 'react-i18next';
import {
  LegalDocument,
  type LegalDocumentName,
} from '../../features/legal/components/legal-document';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PageHeading } from './page-heading';

/** /terms and /privacy: open to everyone, signed in or not. */
export function LegalScreen({ document }: { document: LegalDocumentName }) {
  const { t } = useTranslation();
  useDocumentTitle(t(`legal.${document}.title`));
  return (
    <div className="flex flex-col gap-2">
      <PageHeading>{t(`legal.${document}.title`)}</PageHeading>
      <LegalDocument document={document} />
    </div>
  );
}
