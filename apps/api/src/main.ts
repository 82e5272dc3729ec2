import path from 'node:path';
import type { Config } from './config';
import { EmbeddedClient } from './db/embedded-client';
import { mapStacksToSources } from './source-stacks';

mapStacksToSources();

async function main(): Promise<void> {
  // The embedded engine's thread starts first, before the settings (and the rest of the server)
  // load: its own start overlaps theirs. It is ended unused when the settings name PostgreSQL.
  const embeddedThread = process.env.DATABASE_URL ? undefined : EmbeddedClient.prepare();
  // Traces, when a collector is named, start before the database's modules load: node-postgres
  // is instrumented as it is imported.
  const tracing = process.env.OTEL_EXPORTER_OTLP_ENDPOINT
    ? await (await import('./observability/tracing')).startTracing()
    : undefined;
  const [
    { ConfigError, loadConfig },
    { databaseOptionsOf, openDatabase },
    { createLogger },
    { readServerTls },
  ] = await Promise.all([
    import('./config'),
    import('./db/database'),
    import('./http/logger'),
    import('./http/tls'),
  ]);
  // npm runs workspace scripts inside the workspace; a relative path means the caller's.
  const base = process.env.INIT_CWD ?? process.cwd();
  const resolve = (file: string | undefined) => (file ? path.resolve(base, file) : file);
  let config: Config;
  try {
    config = loadConfig();
    if (!config.DATA_DIR.includes('://'))
      config = { ...config, DATA_DIR: path.resolve(base, config.DATA_DIR) };
    config = {
      ...config,
      TLS_CERT_FILE: resolve(config.TLS_CERT_FILE),
      TLS_KEY_FILE: resolve(config.TLS_KEY_FILE),
    };
    // Read again by the app; read here so that a problem with them is said before anything starts.
    readServerTls(config);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.LOG_LEVEL);
  // The embedded engine takes most of a second to open its folder, on its own thread: it opens
  // it first, and the rest of the server loads meanwhile.
  const database = openDatabase({
    ...databaseOptionsOf(config, logger),
    embeddedThread,
    // Nothing can be answered without it, and it cannot be opened again in this process: the
    // server exits, for whatever runs it to start it again (as after any crash), rather than
    // stay up answering every request with an error.
    onEngineLost: (error) => {
      logger.fatal({ err: error }, 'the embedded database stopped; the server exits');
      process.exit(1);
    },
  });
  // A failure to open is answered where the server awaits it, not as an unhandled rejection.
  database.catch(() => undefined);
  const { createServer } = await import('./server');
  const server = await createServer(config, logger, { database });
  let closing = false;
  // While draining, each answer closes its connection: a keep-alive client would otherwise hold
  // the server open after its last request, until the forced exit.
  // HTTP/2 has no such header (its connections are closed by the server's own close).
  server.app.addHook('onSend', (request, reply, payload, done) => {
    if (closing && request.raw.httpVersionMajor === 1) reply.header('connection', 'close');
    done(null, payload);
  });
  await server.app.listen({ host: config.HOST, port: config.PORT });
  // The address links are built from, and the addresses actually listened on, side by side.
  logger.info(
    {
      url: config.PUBLIC_URL,
      listening: server.app
        .addresses()
        .map((a) => (typeof a === 'string' ? a : `${a.address}:${a.port}`)),
      engine: server.database.engine,
      sandbox: config.SANDBOX,
    },
    `${config.BRAND_NAME} is running at ${config.PUBLIC_URL}`,
  );
  // Prometheus's scrapes, on a port of their own (README, "Metrics").
  const metricsServer =
    server.metrics && config.METRICS_PORT !== undefined
      ? await (
          await import('./observability/metrics')
        ).startMetricsServer(
          server.metrics,
          { host: config.METRICS_HOST, port: config.METRICS_PORT },
          (error) => logger.warn({ err: error }, 'a metrics scrape failed'),
        )
      : null;
  if (metricsServer) {
    const { address, port } = metricsServer.address;
    logger.info({ listening: `${address}:${port}` }, 'metrics served at /metrics');
  }

  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    Promise.all([server.close(), metricsServer?.close()])
      // The spans of the last requests and jobs go out before the process ends.
      .then(() => tracing?.shutdown())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

void main();
