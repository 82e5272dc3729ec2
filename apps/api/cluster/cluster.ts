/**
 * The product on several instances, as a deployment runs it (ADR 0037): a PostgreSQL primary and
 * one streaming replica made from it with pg_basebackup, PgBouncer in transaction mode in front
 * of the primary for the request pools, API instances, and HAProxy in front of them checking
 * `/readyz`. Every server is Debian's (ensure-packages.sh installs what is missing), runs as a
 * child of this process from a folder of its own, and stops with it. `npm run cluster` starts it;
 * the fault test (test/cluster-faults.test.ts) and the cluster benchmark use it.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import net from 'node:net';
import {
  chownSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const clusterDir = path.dirname(fileURLToPath(import.meta.url));
const repoDir = path.resolve(clusterDir, '../../..');

export interface ClusterOptions {
  /** Where the servers keep their data, configuration and logs; emptied first. */
  dir: string;
  /** API instances started (more can be started later, up to `maxInstances`). */
  instances: number;
  /** Slots for instances in HAProxy's configuration; default `instances`. */
  maxInstances?: number;
  /** HAProxy's port; the instances listen on the next ones, their metrics 20 above those. */
  port: number;
  /** The primary's port; the replica listens on the next, PgBouncer on the one after. */
  postgresPort: number;
  /** Variables every instance gets beside the cluster's own (LOG_LEVEL, limits...). */
  env?: Record<string, string>;
  /** Progress, one line at a time. */
  say?: (line: string) => void;
}

export interface Cluster {
  /** HAProxy: where clients go. */
  origin: string;
  primaryUrl: string;
  replicaUrl: string;
  /** PgBouncer, in front of the primary. */
  bouncerUrl: string;
  /** The variables the instances run with (secrets included), for tools that act like one. */
  instanceEnv: Record<string, string>;
  instanceOrigin(index: number): string;
  metricsOrigin(index: number): string;
  /** The process id of a running instance; null when it is not running. */
  instancePid(index: number): number | null;
  startInstance(index: number): Promise<void>;
  /** Ends an instance at once, as a crash or an out-of-memory kill would (SIGKILL). */
  killInstance(index: number): Promise<void>;
  /** Stops an instance as an orchestrator would (SIGTERM): it finishes what it serves. */
  stopInstance(index: number): Promise<void>;
  /** Ends PgBouncer at once and starts it again on the same port. */
  restartBouncer(): Promise<void>;
  /** Stops the replica (fast shutdown); `startReplica` starts it again. */
  stopReplica(): Promise<void>;
  startReplica(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Every port a cluster listens on: HAProxy's `port`, the instances' next ones and their metrics'
 * 20 above those, the primary's `postgresPort`, the replica's and PgBouncer's next ones.
 */
export function clusterPorts(port: number, postgresPort: number, slots: number): number[] {
  return [
    port,
    ...Array.from({ length: slots }, (_, i) => [port + 1 + i, port + 21 + i]).flat(),
    postgresPort,
    postgresPort + 1,
    postgresPort + 2,
  ];
}

/** Of `ports`, those something on this machine listens on (127.0.0.1). */
export async function takenPorts(ports: number[]): Promise<number[]> {
  const taken: number[] = [];
  for (const port of ports) {
    const server = net.createServer();
    const free = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (free) await new Promise((resolve) => server.close(resolve));
    else taken.push(port);
  }
  return taken;
}

/** The newest PostgreSQL installed from Debian's packages: the folder of its programs. */
function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(path.join(root, v, 'bin/initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions[0]) throw new Error('no PostgreSQL in /usr/lib/postgresql (ensure-packages.sh)');
  return path.join(root, versions[0], 'bin');
}

/** PostgreSQL and PgBouncer refuse to run as root: as root, they run as the postgres user. */
function serverUser(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres']).stdout.toString().trim());
  return { uid: id('-u'), gid: id('-g') };
}

function ensurePackages(): void {
  const result = spawnSync('bash', [path.join(clusterDir, 'ensure-packages.sh')], {
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('the cluster needs PostgreSQL, PgBouncer and HAProxy');
}

async function waitFor(
  what: string,
  ok: () => Promise<boolean>,
  child?: ChildProcess,
  log?: string,
  withinMs = 60_000,
) {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) {
      const tail = log && existsSync(log) ? readFileSync(log, 'utf8').slice(-1_500) : '';
      throw new Error(
        `${what} ended with code ${child.exitCode} before it was ready${tail ? `:\n${tail}` : ''}`,
      );
    }
    if (await ok().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} was not ready within ${Math.round(withinMs / 1000)} s`);
}

async function accepts(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function answers(url: string): Promise<boolean> {
  const response = await fetch(url, { signal: AbortSignal.timeout(1_000) });
  return response.ok;
}

/** The JSON HAProxy answers when no instance can: the API's own 503 (SPEC §8's error shape). */
const UNAVAILABLE = JSON.stringify({
  code: 3002,
  code_description: 'SERVICE_UNAVAILABLE',
  message: 'The service is temporarily unavailable. Please try again shortly.',
});

function haproxyConfig(options: ClusterOptions, dir: string, slots: number): string {
  const servers = Array.from(
    { length: slots },
    (_, i) => `  server api${i + 1} 127.0.0.1:${options.port + 1 + i} check`,
  );
  return `global
  maxconn 4000
  log stderr format short local0 info

defaults
  mode http
  log global
  option dontlognull
  option httplog
  # Only requests that went wrong (an instance that failed under one, a timeout) are logged.
  option dontlog-normal
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  # The wallet's event stream stays open for minutes.
  timeout tunnel 10m
  # An instance that refuses the connection (down, not yet marked so), or that closes it with
  # no answer (killed under the request): the request goes to another instance, when it is safe
  # to send twice (below).
  retries 2
  option redispatch 1
  retry-on conn-failure empty-response
  errorfile 502 ${dir}/unavailable.http
  errorfile 503 ${dir}/unavailable.http
  errorfile 504 ${dir}/unavailable.http

frontend api
  bind 127.0.0.1:${options.port}
  option forwardfor
  default_backend instances

backend instances
  balance roundrobin
  # Sent again only what the API does at most once however often it arrives: reads, and
  # requests carrying an Idempotency-Key (the web app's own rule for trying again). Any other
  # request an instance died under is answered 503 in the error shape, or, when it came on a
  # connection kept alive from an earlier request, its connection is closed without an answer
  # (HAProxy's way of telling a client to send it again if it may).
  http-request disable-l7-retry if !METH_GET !METH_HEAD !{ req.hdr(idempotency-key) -m found }
  option httpchk GET /readyz
  http-check expect status 200
  default-server inter 500ms fall 2 rise 1
${servers.join('\n')}
`;
}

function bouncerConfig(options: ClusterOptions, dir: string): string {
  return `[databases]
refund = host=127.0.0.1 port=${options.postgresPort} dbname=refund

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${options.postgresPort + 2}
unix_socket_dir =
auth_type = trust
auth_file = ${dir}/userlist.txt
pool_mode = transaction
max_client_conn = 2000
default_pool_size = 20
ignore_startup_parameters = extra_float_digits,options
logfile = ${dir}/pgbouncer.log
`;
}

/** The file that marks a folder as a cluster's, which a later start may empty. */
const MARKER = '.refund-cluster';

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const say = options.say ?? (() => undefined);
  ensurePackages();
  const bin = postgresBin();
  const user = serverUser();
  const dir = path.resolve(options.dir);
  // Emptied below: only a folder a cluster made before (or an empty one) is.
  if (existsSync(dir) && readdirSync(dir).length > 0 && !existsSync(path.join(dir, MARKER))) {
    throw new Error(`${dir} holds files a cluster did not make: choose another folder`);
  }
  stopLeftovers(dir, bin, user);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  writeFileSync(
    path.join(dir, MARKER),
    'A folder of npm run cluster; emptied at its next start.\n',
  );
  if (user) chownSync(dir, user.uid, user.gid);
  const slots = Math.max(options.instances, options.maxInstances ?? options.instances);
  const taken = await takenPorts(clusterPorts(options.port, options.postgresPort, slots));
  if (taken.length > 0) {
    throw new Error(`the cluster's ports ${taken.join(', ')} are taken: choose others`);
  }

  const logOf = (name: string) => path.join(dir, `${name}.log`);
  const children = new Set<ChildProcess>();
  const run = (
    name: string,
    command: string,
    args: string[],
    asServer: boolean,
    env: Record<string, string> = {},
  ) => {
    const log = openSync(logOf(name), 'a');
    const child = spawn(command, args, {
      cwd: asServer ? dir : repoDir,
      stdio: ['ignore', log, log],
      ...(asServer && user ? user : {}),
      env: { ...process.env, ...env },
    });
    // The child has the log file open; this process no longer needs it.
    closeSync(log);
    // Found again by stopLeftovers if this process dies without stopping its children.
    if (child.pid)
      writeFileSync(path.join(dir, `${name}.pid`), `${child.pid} ${path.basename(command)}\n`);
    children.add(child);
    child.once('exit', () => children.delete(child));
    return child;
  };
  const runToEnd = (command: string, args: string[]) => {
    const result = spawnSync(command, args, { cwd: dir, ...(user ?? {}), encoding: 'utf8' });
    if (result.status !== 0) {
      throw new Error(`${path.basename(command)} failed: ${result.stderr || result.stdout}`);
    }
  };
  const stopChild = async (child: ChildProcess | null, signal: NodeJS.Signals) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill(signal);
    await exited;
  };

  const primaryUrl = `postgres://postgres@127.0.0.1:${options.postgresPort}/refund`;
  const replicaUrl = `postgres://postgres@127.0.0.1:${options.postgresPort + 1}/refund`;
  const bouncerUrl = `postgres://postgres@127.0.0.1:${options.postgresPort + 2}/refund`;
  const postgresArgs = (data: string, port: number) => [
    '-D',
    data,
    '-p',
    String(port),
    '-k',
    dir,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'max_connections=300',
    '-c',
    'shared_buffers=128MB',
    '-c',
    'max_wal_senders=5',
    '-c',
    'hot_standby_feedback=on',
  ];

  try {
    say('PostgreSQL primary...');
    const primaryData = path.join(dir, 'primary');
    runToEnd(path.join(bin, 'initdb'), [
      '-D',
      primaryData,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--no-sync',
    ]);
    const primary = run(
      'primary',
      path.join(bin, 'postgres'),
      postgresArgs(primaryData, options.postgresPort),
      true,
    );
    const adminUrl = `postgres://postgres@127.0.0.1:${options.postgresPort}/postgres`;
    await waitFor('the primary', () => accepts(adminUrl), primary, logOf('primary'));
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query('create database refund');
    await admin.end();

    say('PostgreSQL replica (pg_basebackup)...');
    const replicaData = path.join(dir, 'replica');
    runToEnd(path.join(bin, 'pg_basebackup'), [
      '-h',
      '127.0.0.1',
      '-p',
      String(options.postgresPort),
      '-U',
      'postgres',
      '-D',
      replicaData,
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
      '--no-sync',
    ]);
    let replica: ChildProcess | null = null;
    const startReplica = async () => {
      replica = run(
        'replica',
        path.join(bin, 'postgres'),
        postgresArgs(replicaData, options.postgresPort + 1),
        true,
      );
      await waitFor('the replica', () => accepts(replicaUrl), replica, logOf('replica'));
    };
    await startReplica();

    say('PgBouncer (transaction mode)...');
    writeFileSync(path.join(dir, 'userlist.txt'), '"postgres" ""\n');
    writeFileSync(path.join(dir, 'pgbouncer.ini'), bouncerConfig(options, dir));
    if (user) {
      for (const file of ['userlist.txt', 'pgbouncer.ini']) {
        chownSync(path.join(dir, file), user.uid, user.gid);
      }
    }
    let bouncer: ChildProcess | null = null;
    const startBouncer = async () => {
      bouncer = run(
        'pgbouncer-stderr',
        '/usr/sbin/pgbouncer',
        [path.join(dir, 'pgbouncer.ini')],
        true,
      );
      await waitFor('PgBouncer', () => accepts(bouncerUrl), bouncer, logOf('pgbouncer-stderr'));
    };
    await startBouncer();

    const secrets = {
      JWT_SECRET: randomBytes(32).toString('hex'),
      OTP_SECRET: randomBytes(32).toString('hex'),
      VAULT_KEY: randomBytes(32).toString('hex'),
    };
    const instanceEnv: Record<string, string> = {
      ...secrets,
      DATABASE_URL: primaryUrl,
      DATABASE_POOL_URL: bouncerUrl,
      DATABASE_READ_URL: replicaUrl,
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${options.port}`,
      TRUST_PROXY: '127.0.0.1',
      ...options.env,
    };
    const instances: (ChildProcess | null)[] = Array.from({ length: slots }, () => null);
    const instanceOrigin = (i: number) => `http://127.0.0.1:${options.port + 1 + i}`;
    const metricsPort = (i: number) => options.port + 21 + i;
    const startInstance = async (i: number) => {
      if (i < 0 || i >= slots) throw new Error(`no instance ${i}: the cluster has ${slots} slots`);
      if (instances[i] && instances[i]!.exitCode === null && instances[i]!.signalCode === null)
        return;
      // As `npm start` runs the product (its Node options, its build check), with the
      // cluster's variables on top of this process's.
      const child = run(
        `api-${i + 1}`,
        process.execPath,
        ['--no-memory-reducer', path.join(repoDir, 'scripts/start.mjs')],
        false,
        {
          ...instanceEnv,
          PORT: String(options.port + 1 + i),
          METRICS_PORT: String(metricsPort(i)),
        },
      );
      instances[i] = child;
      await waitFor(
        `instance ${i + 1}`,
        () => answers(`${instanceOrigin(i)}/readyz`),
        child,
        logOf(`api-${i + 1}`),
        // The first start of a fresh checkout builds the web app and the API first.
        300_000,
      );
    };

    say(`API instances (${options.instances})...`);
    // The first one migrates the database and adds the demo data; the others find them done.
    for (let i = 0; i < options.instances; i += 1) await startInstance(i);

    say('HAProxy...');
    writeFileSync(
      path.join(dir, 'unavailable.http'),
      [
        'HTTP/1.1 503 Service Unavailable',
        'content-type: application/json; charset=utf-8',
        'cache-control: no-store',
        'retry-after: 1',
        'connection: close',
        '',
        UNAVAILABLE,
      ].join('\r\n'),
    );
    writeFileSync(path.join(dir, 'haproxy.cfg'), haproxyConfig(options, dir, slots));
    const haproxy = run(
      'haproxy',
      '/usr/sbin/haproxy',
      ['-f', path.join(dir, 'haproxy.cfg'), '-db'],
      false,
    );
    const origin = `http://127.0.0.1:${options.port}`;
    await waitFor('HAProxy', () => answers(`${origin}/readyz`), haproxy, logOf('haproxy'));

    let stopped = false;
    return {
      origin,
      primaryUrl,
      replicaUrl,
      bouncerUrl,
      instanceEnv,
      instanceOrigin,
      metricsOrigin: (i) => `http://127.0.0.1:${metricsPort(i)}`,
      instancePid: (i) => {
        const child = instances[i];
        return child && child.exitCode === null && child.signalCode === null
          ? (child.pid ?? null)
          : null;
      },
      startInstance,
      killInstance: (i) => stopChild(instances[i] ?? null, 'SIGKILL'),
      stopInstance: (i) => stopChild(instances[i] ?? null, 'SIGTERM'),
      async restartBouncer() {
        await stopChild(bouncer, 'SIGKILL');
        await startBouncer();
      },
      // Fast shutdown: sessions are ended, nothing waits for them.
      stopReplica: () => stopChild(replica, 'SIGINT'),
      startReplica,
      async stop() {
        if (stopped) return;
        stopped = true;
        await stopChild(haproxy, 'SIGTERM');
        await Promise.all(instances.map((child) => stopChild(child, 'SIGTERM')));
        await stopChild(bouncer, 'SIGTERM');
        await stopChild(replica, 'SIGINT');
        await stopChild(primary, 'SIGINT');
      },
    };
  } catch (error) {
    await Promise.all([...children].map((child) => stopChild(child, 'SIGKILL')));
    throw error;
  }
}

/**
 * A cluster left by a process that was killed (its servers outlived it): the PostgreSQL servers
 * in `dir` are stopped before it is emptied.
 */
function stopLeftovers(dir: string, bin: string, user: { uid: number; gid: number } | null) {
  if (!existsSync(dir)) return;
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.pid'))) {
    const [pid, command] = readFileSync(path.join(dir, file), 'utf8').trim().split(' ');
    if (!pid || !command || command === 'postgres') continue;
    // Only if that process id still runs the same program (ids are reused).
    const running = (() => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(command);
      } catch {
        return false;
      }
    })();
    if (running) process.kill(Number(pid), 'SIGKILL');
  }
  for (const data of ['replica', 'primary']) {
    const folder = path.join(dir, data);
    if (!existsSync(path.join(folder, 'postmaster.pid'))) continue;
    spawnSync(path.join(bin, 'pg_ctl'), ['-D', folder, 'stop', '-m', 'immediate'], {
      ...(user ?? {}),
      stdio: 'ignore',
    });
  }
}
