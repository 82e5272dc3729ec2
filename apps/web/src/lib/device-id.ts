/**
 * This browser's own random id (X-Device-Id): sent when opening a gift card's code (the API
 * remembers the devices a passcode opened a card on, so this one is not asked again) and with the
 * free play (one per device). It identifies nothing but the browser's storage, and a new one is
 * made wherever storage is empty or unreadable. The key predates its second use.
 */
const KEY = 'giftcard_device_id';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

let fallback: string | null = null;

export function deviceId(storage: () => Storage = () => window.localStorage): string {
  try {
    const kept = storage().getItem(KEY);
    if (kept && UUID.test(kept)) return kept;
    const made = crypto.randomUUID();
    storage().setItem(KEY, made);
    return made;
  } catch {
    // Storage is blocked: the id lasts as long as the page.
    fallback ??= crypto.randomUUID();
    return fallback;
  }
}
