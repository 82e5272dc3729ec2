import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Texts the customer a link to the card, to open it later (the API allows one a minute). */
export async function sendViewLaterLink(reference: string): Promise<void> {
  await api.post(`/giftcards/${encodeURIComponent(reference)}/view-later`);
}

export const useViewLater = () => useMutation({ mutationFn: sendViewLaterLink });
