import type { AppConfig } from '@refund/contracts/app-config';
import { describe, expect, it } from 'vitest';
import { sandboxConfig } from '../../test/fake-api';
import { connectConfiguredReporter, createDeferredErrorReporter } from './deferred-error-reporter';
import { createMemoryErrorReporter } from './error-reporter';

const config = (dsn: string | null): AppConfig =>
  ({ ...sandboxConfig, error_reporting: { dsn, environment: 'test' } }) as AppConfig;

describe('the deferred error reporter', () => {
  it('holds errors until it is connected, then hands them and every later one on', () => {
    const reporter = createDeferredErrorReporter();
    const first = new Error('first');
    reporter.capture(first, { componentStack: '\n  at Screen' });
    const target = createMemoryErrorReporter();
    reporter.connect(target);
    const second = new Error('second');
    reporter.capture(second);
    expect(target.captured).toEqual([
      { error: first, context: { componentStack: '\n  at Screen' } },
      { error: second, context: undefined },
    ]);
  });

  it('keeps only the first twenty while it waits', () => {
    const reporter = createDeferredErrorReporter();
    for (let i = 0; i < 30; i += 1) reporter.capture(new Error(`error ${i}`));
    const target = createMemoryErrorReporter();
    reporter.connect(target);
    expect(target.captured).toHaveLength(20);
    expect(target.captured[19]?.error).toEqual(new Error('error 19'));
  });

  it('drops everything when there is nowhere to send to', () => {
    const reporter = createDeferredErrorReporter();
    reporter.capture(new Error('before'));
    reporter.connect(null);
    reporter.capture(new Error('after'));
    const late = createMemoryErrorReporter();
    reporter.connect(late);
    expect(late.captured).toEqual([]);
  });
});

describe('connectConfiguredReporter', () => {
  it('sends nothing anywhere when the configuration names no DSN', async () => {
    const reporter = createDeferredErrorReporter();
    reporter.capture(new Error('held'));
    await connectConfiguredReporter(reporter, () => Promise.resolve(config(null)));
    const late = createMemoryErrorReporter();
    reporter.connect(late);
    expect(late.captured).toEqual([]);
  });

  it('drops what it held when the configuration cannot be read', async () => {
    const reporter = createDeferredErrorReporter();
    reporter.capture(new Error('held'));
    await connectConfiguredReporter(reporter, () => Promise.reject(new Error('offline')));
    const late = createMemoryErrorReporter();
    reporter.connect(late);
    expect(late.captured).toEqual([]);
  });
});
