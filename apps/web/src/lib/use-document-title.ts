import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from './get-app-config';

/** SPEC §1: '%s - {brand}' for a page with a title, 'Customer Dashboard' otherwise. */
export function formatDocumentTitle(
  title: string | undefined,
  brand: string | undefined,
  defaultTitle: string,
): string {
  if (!title) return defaultTitle;
  return brand ? `${title} - ${brand}` : title;
}

export function useDocumentTitle(title?: string): void {
  const { t } = useTranslation();
  const brand = useAppConfig().data?.brand_name;
  const defaultTitle = t('app.defaultTitle');
  useEffect(() => {
    document.title = formatDocumentTitle(title, brand, defaultTitle);
  }, [title, brand, defaultTitle]);
}
