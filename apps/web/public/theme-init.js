// Applied before the first paint so a dark-theme user never sees a light flash. A file rather
// than an inline script: the Content-Security-Policy allows no inline script at all.
// The same rule lives in src/lib/theme.ts, which takes over once the app runs.
/* global window, document */
(function () {
  try {
    var saved = localStorage.getItem('theme');
    var dark =
      saved === 'dark' ||
      (saved !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.toggle('dark', dark);
  } catch {
    // No storage (private mode, blocked): the light theme stays until the app runs.
  }
})();
