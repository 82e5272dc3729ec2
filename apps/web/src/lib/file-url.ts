import { env } from '../config/env';

/** Where the browser loads an uploaded image (a merchant's logo or splash) from. */
export function fileUrl(fileKey: string): string {
  return `${env.VITE_API_BASE_URL}/files/${encodeURIComponent(fileKey)}`;
}
