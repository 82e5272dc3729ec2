import type { BotAction } from '@refund/contracts/auth';
import { loadScript } from './load-script';

interface TurnstileOptions {
  sitekey: string;
  action: string;
  appearance: 'always' | 'execute' | 'interaction-only';
  callback: (token: string) => void;
  'error-callback': () => void;
  'timeout-callback': () => void;
}

interface Turnstile {
  render(container: HTMLElement, options: TurnstileOptions): string | undefined;
  remove(widgetId: string): void;
}

/**
 * Turnstile renders a widget per token. With appearance 'interaction-only' it stays invisible
 * unless Cloudflare needs the customer to click, in which case it shows in the corner.
 */
export async function turnstileToken(siteKey: string, action: BotAction): Promise<string> {
  await loadScript('https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit');
  const turnstile = (window as { turnstile?: Turnstile }).turnstile;
  if (!turnstile) throw new Error('Turnstile did not initialise');

  const host = document.createElement('div');
  host.style.cssText = 'position:fixed;right:16px;bottom:16px;z-index:50';
  document.body.append(host);
  let widgetId: string | undefined;
  try {
    return await new Promise<string>((resolve, reject) => {
      widgetId = turnstile.render(host, {
        sitekey: siteKey,
        action,
        appearance: 'interaction-only',
        callback: resolve,
        'error-callback': () => reject(new Error('Turnstile check failed')),
        'timeout-callback': () => reject(new Error('Turnstile check timed out')),
      });
    });
  } finally {
    if (widgetId !== undefined) turnstile.remove(widgetId);
    host.remove();
  }
}
