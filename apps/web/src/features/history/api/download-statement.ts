import { api } from '../../../lib/api-client';

export type StatementFormat = 'csv' | 'pdf';

/** A month's statement file (GET /wallet/statements/{YYYY-MM}), with its download name. */
export async function downloadStatement(
  month: string,
  format: StatementFormat,
): Promise<{ file: Blob; name: string }> {
  const file = await api.getFile(`/wallet/statements/${month}`, { format });
  return { file, name: `statement-${month}.${format}` };
}

/** The last `count` months, newest first, as `YYYY-MM` (months run in UTC, as statements do). */
export function recentMonths(count: number, now = new Date()): string[] {
  return Array.from({ length: count }, (_, back) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)).toISOString().slice(0, 7),
  );
}
