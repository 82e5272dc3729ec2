import { api } from '../../../lib/api-client';

/** The customer's data file (GET /users/data-export), with its dated download name. */
export async function downloadMyData(now = new Date()): Promise<{ file: Blob; name: string }> {
  const file = await api.getFile('/users/data-export');
  return { file, name: `my-data-${now.toISOString().slice(0, 10)}.json` };
}
