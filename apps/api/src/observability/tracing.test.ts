import { expect, it } from 'vitest';
import { startTracing, tracingStarted } from './tracing';

// The rest of the traces' behaviour is tested on the server as it runs (test/tracing.test.ts).
it("sets nothing up when the SDK's own switch is off, so Sentry sets up its own", async () => {
  const tracing = await startTracing({
    OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318',
    OTEL_SDK_DISABLED: 'TRUE',
  });
  expect(tracingStarted()).toBe(false);
  await tracing.shutdown();
});
