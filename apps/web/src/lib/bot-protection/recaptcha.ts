import type { BotAction } from '@refund/contracts/auth';
import { loadScript } from './load-script';

interface ReCaptchaV3 {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

/** reCAPTCHA v3: invisible, scores the action server-side. */
export async function recaptchaToken(siteKey: string, action: BotAction): Promise<string> {
  await loadScript(`https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`);
  const grecaptcha = (window as { grecaptcha?: ReCaptchaV3 }).grecaptcha;
  if (!grecaptcha) throw new Error('reCAPTCHA did not initialise');
  await new Promise<void>((resolve) => grecaptcha.ready(resolve));
  return grecaptcha.execute(siteKey, { action });
}
