import { apiBase } from '../config/env';

/** An address the API gave (brand art, uploaded files), made absolute against the API's origin. */
export function apiAssetUrl(url: string): string {
  if (/^https?:\/\//.test(url)) return url;
  const base = apiBase.replace(/\/v1\/?$/, '');
  return `${base}${url}`;
}
