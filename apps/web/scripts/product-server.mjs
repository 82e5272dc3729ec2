// The product as a customer's browser meets it: the production build of the web app, served by
// the real API server as `npm start` runs it (the compiled API, its default logging; embedded
// database, sandbox providers) in a process of its own.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:https';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const webDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const repoDir = join(webDir, '../..');
const READY_TIMEOUT_MS = 180_000;

/** The production build (with its precompressed variants and the Vite manifest) into outDir. */
export function buildWebApp(outDir) {
  try {
    execFileSync('npx', ['vite', 'build', '--manifest', '--outDir', outDir, '--emptyOutDir'], {
      cwd: webDir,
      stdio: 'pipe',
    });
  } catch (error) {
    process.stderr.write(error.stderr ?? '');
    throw new Error('the web app did not build', { cause: error });
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A certificate for localhost, made for this server alone, with its key, in a folder of its own. */
function localhostCertificate() {
  const dir = mkdtempSync(join(tmpdir(), 'product-tls-'));
  const certFile = join(dir, 'cert.pem');
  const keyFile = join(dir, 'key.pem');
  const make = 'req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2';
  const name = ['-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1'];
  const files = ['-keyout', keyFile, '-out', certFile];
  execFileSync('openssl', [...make.split(' '), ...name, ...files], { stdio: 'pipe' });
  return { dir, certFile, keyFile, ca: readFileSync(certFile) };
}

/**
 * A request to the product server, answered as { status, body }: over HTTPS it trusts the
 * server's own certificate (Node's fetch cannot be told to).
 */
export async function productRequest(server, path, { method = 'GET', headers = {}, body } = {}) {
  const url = `${server.origin}${path}`;
  if (!server.ca) {
    const response = await fetch(url, { method, headers, body });
    return { status: response.status, body: await response.text() };
  }
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method, headers, ca: server.ca }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode, body: text }));
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/**
 * Starts the API with the web app built in distDir on a free port and waits until it is ready.
 * Answers its origin and a stop function; `env` adds to or overrides the defaults. With `https`,
 * it serves HTTPS and HTTP/2 as a production server does (TLS_CERT_FILE), with a certificate for
 * localhost made for it (answered as `ca`, for clients to trust).
 */
export async function startProductServer(distDir, env = {}, { https = false } = {}) {
  const port = await freePort();
  const origin = `${https ? 'https' : 'http'}://localhost:${port}`;
  const tls = https ? localhostCertificate() : null;
  // The API as `npm start` runs it, built first when its sources changed.
  const { ensureApiBuilt, apiDistDir } = await import('../../api/scripts/build.mjs');
  await ensureApiBuilt();
  const child = spawn(process.execPath, ['--no-memory-reducer', join(apiDistDir, 'main.js')], {
    cwd: repoDir,
    // Its own process group, so stopping it stops anything it started.
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      PUBLIC_URL: origin,
      DATA_DIR: 'memory://',
      WEB_DIST_DIR: distDir,
      ...(tls ? { TLS_CERT_FILE: tls.certFile, TLS_KEY_FILE: tls.keyFile } : {}),
      ...env,
    },
  });
  let errors = '';
  child.stderr.on('data', (chunk) => (errors = (errors + chunk.toString()).slice(-4000)));
  let exited = false;
  child.once('exit', () => (exited = true));
  const stop = async () => {
    if (!exited) {
      const gone = new Promise((resolve) => child.once('exit', resolve));
      try {
        process.kill(-child.pid, 'SIGTERM');
        await Promise.race([gone, pause(20_000)]);
        if (!exited) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    if (tls) rmSync(tls.dir, { recursive: true, force: true });
  };
  const server = { origin, stop, ca: tls?.ca ?? null };
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exited) {
      await stop();
      throw new Error(`the server exited before it was ready:\n${errors}`);
    }
    try {
      if ((await productRequest(server, '/readyz')).status === 200) return server;
    } catch {
      // Not listening yet.
    }
    await pause(250);
  }
  await stop();
  throw new Error(`the server was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${errors}`);
}
