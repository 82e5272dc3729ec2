import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_PASSING_BOT_TOKEN } from '@refund/contracts/sandbox';
import { asRequest } from '../src/observability/work-context';
import { drainQueues, MESSAGE_QUEUE } from './support/job-drain';
import { eventually } from './support/eventually';
import { signUpNewPerson } from './support/people';
import { call, startTestServer, type TestServer } from './support/test-server';

/**
 * A job's log lines name the request that queued it (`reqId`, as the request's own line does),
 * through any jobs in between, so one search for a request id finds all the work it caused.
 */

interface LogLine {
  msg: string;
  reqId?: string;
  jobId?: string;
  queue?: string;
  step?: string;
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const lines = () => server.logLines.map((line) => JSON.parse(line) as LogLine);

describe('job log lines', () => {
  it('name the request whose passcode text they deliver', async () => {
    const person = await signUpNewPerson(server.app);
    const asked = await call(server.app, 'POST', '/v1/users/signin', {
      phone_number: person.phone,
      bot_token: SANDBOX_PASSING_BOT_TOKEN,
    });
    expect(asked.statusCode).toBe(200);
    const reqId = asked.headers['x-request-id'];
    expect(reqId).toMatch(/^[0-9a-f-]{36}$/);
    await drainQueues(server.database.db, [MESSAGE_QUEUE]);

    const request = lines().filter((line) => line.reqId === reqId);
    expect(request.map((line) => line.msg)).toEqual(['request completed', 'message delivered']);
    const delivered = request[1];
    expect(delivered).toMatchObject({ queue: MESSAGE_QUEUE, jobId: expect.any(String) });
    // Another request's text names that request, not this one.
    const others = lines().filter(
      (line) => line.msg === 'message delivered' && line.jobId !== delivered?.jobId,
    );
    expect(others.length).toBeGreaterThan(0);
    expect(others.every((line) => line.reqId !== reqId && line.reqId !== undefined)).toBe(true);
  });

  it('carry the request through a job that queues another, and name none for work no request queued', async () => {
    const first = `log-origin-first-${crypto.randomUUID()}`;
    const second = `log-origin-second-${crypto.randomUUID()}`;
    await server.jobs.work<{ step: string }>(second, { retryLimit: 0 }, async (job) => {
      server.app.log.info({ step: job.data.step }, 'second job ran');
    });
    await server.jobs.work<{ step: string }>(first, { retryLimit: 0 }, async (job) => {
      // Its data is what was sent, without the origin kept beside it.
      expect(job.data).toEqual({ step: job.data.step });
      await server.jobs.send(second, { step: job.data.step });
    });
    const reqId = crypto.randomUUID();
    await asRequest(reqId, () => server.jobs.send(first, { step: 'asked' }));
    await server.jobs.send(first, { step: 'unasked' });

    const ran = await eventually(
      async () => lines().filter((line) => line.msg === 'second job ran'),
      (found) => found.length === 2,
      10_000,
    );
    const asked = ran.find((line) => line.step === 'asked');
    const unasked = ran.find((line) => line.step === 'unasked');
    expect(asked).toMatchObject({ reqId, queue: second, jobId: expect.any(String) });
    expect(unasked).toMatchObject({ queue: second, jobId: expect.any(String) });
    expect(unasked?.reqId).toBeUndefined();
  });
});
