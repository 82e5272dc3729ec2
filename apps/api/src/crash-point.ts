/**
 * Where a test can end the process right after a transaction commits, to prove that nothing the
 * change caused is lost with the process (ADR 0013). Outside production, when the environment
 * variable CRASH_AFTER_COMMIT names this point, the process sends itself SIGKILL here: no
 * shutdown and no clean-up, as when a host dies. Unset (the default) it does nothing, and
 * production ignores it.
 */
export function crashPoint(name: string): void {
  if (process.env.NODE_ENV === 'production') return;
  if (process.env.CRASH_AFTER_COMMIT !== name) return;
  process.kill(process.pid, 'SIGKILL');
}
