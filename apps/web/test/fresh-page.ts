import { cleanup } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach } from 'vitest';
import { resetEarlyAnswersForTests } from '../src/lib/early-answers';
import { firstScreenPainted } from '../src/lib/first-screen';
import { setThemePreference } from '../src/lib/theme';
import { resetToasterForTests } from '../src/lib/toast';
import { resetVisitorIdForTests } from '../src/lib/visitor-id';

/**
 * The test files of a worker share one document and one copy of the app's modules (vitest's
 * `isolate: false`, which saves loading both again for every file). Each file starts as on a page
 * opened afresh: empty storage and cookies, at `/`, in the system theme, with no toaster and none
 * of the module state a page builds up as it runs.
 */
// Testing Library unmounts what a test rendered from a hook it adds when first imported: once a
// worker, so every file adds it again here.
afterEach(() => cleanup());

setThemePreference('system');
localStorage.clear();
sessionStorage.clear();
for (const cookie of document.cookie.split(';')) {
  const name = cookie.split('=')[0]?.trim();
  if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}
window.history.replaceState(null, '', '/');
document.title = '';
// sonner replays the toasts it has not seen dismissed to every toaster that mounts.
toast.dismiss();
resetToasterForTests();
// A screen rendered alone has no App to say when its first screen is painted; a page opened
// afresh would have painted one by the time a test acts on it.
firstScreenPainted();
resetVisitorIdForTests();
resetEarlyAnswersForTests();
