import { apiBase } from '../config/env';

/** Where the browser loads an uploaded image (a merchant's logo or splash) from. */
export function fileUrl(fileKey: string): string {
  return `${apiBase}/files/${encodeURIComponent(fileKey)}`;
}
