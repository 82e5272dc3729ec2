/**
 * Leaves the app for another site's page (a provider's sign-in) with a full page load. One
 * function, so tests can stand in for a navigation jsdom cannot make.
 */
export function leaveApp(url: string): void {
  window.location.assign(url);
}
