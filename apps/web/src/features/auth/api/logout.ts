import { api } from '../../../lib/api-client';

export async function logout(): Promise<void> {
  await api.post('/users/logout');
}
