import { spawn } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import { createServer } from 'node:net';
import { SANDBOX_PASSING_BOT_TOKEN } from '@refund/contracts/sandbox';
import { expect, it } from 'vitest';
import { apiDir, BUILT_SERVER_ARGS } from './support/built-server';

async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  probe.close();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function answerOf(request: http.ClientRequest): Promise<Answer> {
  return new Promise((resolve, reject) => {
    request.on('error', reject);
    request.on('response', (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
      );
    });
  });
}

/** A request on a new connection: its status, or the connection error's code. */
function newRequest(port: number): Promise<string> {
  const request = http.get({ host: '127.0.0.1', port, path: '/healthz', agent: false });
  return answerOf(request).then(
    (answer) => `HTTP ${answer.status}`,
    (error: NodeJS.ErrnoException) => error.code ?? String(error),
  );
}

it('on SIGTERM refuses new requests, finishes the one in flight, then exits 0', async () => {
  const port = await freePort();
  const child = spawn(process.execPath, BUILT_SERVER_ARGS, {
    cwd: apiDir,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: 'memory://',
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      WEB_DIST_DIR: '/nonexistent',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  // A browser keeps its connection open between requests.
  const agent = new http.Agent({ keepAlive: true });

  try {
    // Starting opens the embedded database: on a machine busy with other work that takes a while.
    await expect.poll(() => output, { timeout: 150_000, interval: 200 }).toContain('is running at');

    // A sign-in whose body is still on its way: the server has its headers (it said 100
    // Continue), and cannot answer before the rest arrives.
    const body = JSON.stringify({
      phone_number: '2025550188',
      bot_token: SANDBOX_PASSING_BOT_TOKEN,
    });
    const slow = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/v1/users/signin',
      agent,
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        expect: '100-continue',
      },
    });
    const slowAnswer = answerOf(slow);
    await once(slow, 'continue');
    slow.write(body.slice(0, 10));

    child.kill('SIGTERM');
    await expect.poll(() => output, { timeout: 10_000 }).toContain('"msg":"shutting down"');

    // While it drains, a new request is refused at the door, and the process stays up.
    await expect.poll(() => newRequest(port), { timeout: 5_000 }).toBe('ECONNREFUSED');
    expect(child.exitCode).toBeNull();

    // The request in flight gets its whole answer, then the connection is closed.
    slow.end(body.slice(10));
    const answer = await slowAnswer;
    expect(answer.status, answer.body).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({
      channel: 'sms',
      destination: '+1 xxx-xxx-0188',
    });
    expect(answer.headers.connection).toBe('close');

    const [code, signal] = await exited;
    expect({ code, signal }, output).toEqual({ code: 0, signal: null });
    expect(await newRequest(port)).toBe('ECONNREFUSED');
  } finally {
    agent.destroy();
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}, 200_000); // Builds nothing, but starts the API as a process of its own and drains it.
