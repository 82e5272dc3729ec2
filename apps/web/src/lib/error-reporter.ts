/** The error-reporting port. Nothing in the app writes to the console; failures come here. */
export interface ErrorReporter {
  capture: (error: unknown, context?: Record<string, unknown>) => void;
}

export interface CapturedError {
  error: unknown;
  context: Record<string, unknown> | undefined;
}

const KEEP_LAST = 50;

/** Keeps the most recent errors in memory until an error-reporting vendor is configured. */
export function createMemoryErrorReporter(): ErrorReporter & { captured: CapturedError[] } {
  const captured: CapturedError[] = [];
  return {
    captured,
    capture(error, context) {
      captured.push({ error, context });
      if (captured.length > KEEP_LAST) captured.shift();
    },
  };
}
