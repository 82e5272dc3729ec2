/**
 * `npm run cluster`: the product on three API instances behind HAProxy, on a PostgreSQL primary
 * with a streaming replica and PgBouncer (cluster.ts). It runs until interrupted (Ctrl-C), then
 * stops every server it started.
 *
 * CLUSTER_PORT (default 4000): HAProxy's port; the instances take the next ones.
 * CLUSTER_POSTGRES_PORT (default 5440): the primary's; the replica and PgBouncer the next two.
 * CLUSTER_INSTANCES (default 3). CLUSTER_DIR (default the OS's temporary folder): their files.
 */
import os from 'node:os';
import path from 'node:path';
import { startCluster } from './cluster';

const number = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a whole number`);
  return value;
};

const port = number('CLUSTER_PORT', 4000);
const cluster = await startCluster({
  dir: process.env.CLUSTER_DIR ?? path.join(os.tmpdir(), `refund-cluster-${port}`),
  instances: number('CLUSTER_INSTANCES', 3),
  port,
  postgresPort: number('CLUSTER_POSTGRES_PORT', 5440),
  say: (line) => process.stdout.write(`${line}\n`),
});

const instances = Number(process.env.CLUSTER_INSTANCES ?? 3);
process.stdout.write(
  [
    '',
    `The product: ${cluster.origin} (HAProxy, over ${instances} API instance${instances === 1 ? '' : 's'})`,
    ...Array.from(
      { length: instances },
      (_, i) =>
        `  instance ${i + 1}: ${cluster.instanceOrigin(i)}, metrics ${cluster.metricsOrigin(i)}/metrics`,
    ),
    `PostgreSQL primary: ${cluster.primaryUrl}`,
    `PostgreSQL replica: ${cluster.replicaUrl}`,
    `PgBouncer (transaction mode): ${cluster.bouncerUrl}`,
    'Ctrl-C stops them all.',
    '',
  ].join('\n'),
);

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  process.stdout.write('Stopping the cluster...\n');
  void cluster.stop().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
