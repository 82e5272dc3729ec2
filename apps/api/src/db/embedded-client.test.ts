import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClusterImage, migrationsFolder } from './cluster-image.mjs';
import { EmbeddedClient } from './embedded-client';

let client: EmbeddedClient;
/** The tests' own files: data folders, images, scripts. */
let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'embedded-client-'));
  client = await EmbeddedClient.open({});
  await client.exec(`
    CREATE TABLE entries (id serial PRIMARY KEY, cents integer NOT NULL CHECK (cents <> 0),
      at timestamptz NOT NULL DEFAULT now());
  `);
}, 30_000);
afterAll(async () => {
  await client.close();
  await rm(folder, { recursive: true, force: true });
});

const total = async (on: Pick<EmbeddedClient, 'query'> = client) =>
  (await on.query<{ total: number }>('SELECT coalesce(sum(cents), 0)::int AS total FROM entries'))
    .rows[0]!.total;

describe('the embedded engine on its own thread', () => {
  it('answers rows by name or by position, with the parsers given applied', async () => {
    const byName = await client.query<{ one: number; word: string }>(
      "SELECT 1 AS one, 'refund' AS word",
    );
    expect(byName.rows).toEqual([{ one: 1, word: 'refund' }]);
    expect(byName.fields.map((field) => field.name)).toEqual(['one', 'word']);

    const at = await client.query<unknown[]>(
      "SELECT '2026-11-29 10:00:00+00'::timestamptz AS at, 2 AS two",
      [],
      { rowMode: 'array', parsers: { 1184: (text) => `text:${text}` } },
    );
    expect(at.rows).toEqual([['text:2026-11-29 10:00:00+00', 2]]);
    // Without a parser, PGlite's own: a Date.
    const parsed = await client.query<{ at: unknown }>(
      "SELECT '2026-11-29T10:00:00Z'::timestamptz AS at",
    );
    expect(parsed.rows[0]!.at).toEqual(new Date('2026-11-29T10:00:00Z'));
  });

  it('commits a transaction that returns, and rolls back one that throws', async () => {
    const before = await total();
    await client.transaction(async (tx) => {
      await tx.query('INSERT INTO entries (cents) VALUES ($1)', [500]);
      await tx.query('INSERT INTO entries (cents) VALUES ($1)', [-200]);
    });
    expect(await total()).toBe(before + 300);

    await expect(
      client.transaction(async (tx) => {
        await tx.query('INSERT INTO entries (cents) VALUES ($1)', [1000]);
        expect(await total(tx)).toBe(before + 1300);
        throw new Error('changed our mind');
      }),
    ).rejects.toThrow('changed our mind');
    expect(await total()).toBe(before + 300);
  });

  it('says a failed statement with its SQLSTATE and constraint, and leaves nothing written', async () => {
    const before = await total();
    const failure = await client
      .transaction(async (tx) => {
        await tx.query('INSERT INTO entries (cents) VALUES ($1)', [700]);
        await tx.query('INSERT INTO entries (cents) VALUES ($1)', [0]);
      })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).toMatchObject({ code: '23514', constraint: 'entries_cents_check' });
    // The values of the row are not carried across.
    expect(failure).not.toHaveProperty('params');
    expect(await total()).toBe(before);
  });

  it('runs transactions started at once one after the other, none lost', async () => {
    const before = await total();
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        client.transaction(async (tx) => {
          const seen = await total(tx);
          await tx.query('INSERT INTO entries (cents) VALUES ($1)', [i + 1]);
          // Nobody else committed in between: the transaction holds the engine.
          expect(await total(tx)).toBe(seen + i + 1);
        }),
      ),
    );
    expect(await total()).toBe(before + 210);
  });

  it('delivers a notification before the commit that sent it is answered', async () => {
    const heard: string[] = [];
    const stop = await client.listen('changes', (payload) => heard.push(payload));
    await client.transaction(async (tx) => {
      await tx.query("SELECT pg_notify('changes', 'customer 7')");
      expect(heard).toEqual([]);
    });
    expect(heard).toEqual(['customer 7']);
    await stop();
    await client.query("SELECT pg_notify('changes', 'customer 8')");
    expect(heard).toEqual(['customer 7']);
  });

  it('starts another database from the files of one', async () => {
    const image = await client.dumpDataDir();
    const copy = await EmbeddedClient.open({ image });
    try {
      expect(await total(copy)).toBe(await total());
    } finally {
      await copy.close();
    }
  }, 30_000);

  it('opens a database on a thread started before it was known which', async () => {
    const thread = EmbeddedClient.prepare();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const other = await EmbeddedClient.open({}, thread);
    try {
      expect((await other.query('SELECT 6 * 7 AS answer')).rows).toEqual([{ answer: 42 }]);
    } finally {
      await other.close();
    }
  }, 30_000);

  it('refuses statements once closed', async () => {
    const other = await EmbeddedClient.open({});
    await other.close();
    await expect(other.query('SELECT 1')).rejects.toThrow('the embedded database is closed');
  }, 30_000);
});

describe('a new database in a data folder', () => {
  const databases = async (client: EmbeddedClient) =>
    (
      await client.query<{ datname: string }>('SELECT datname FROM pg_database ORDER BY 1')
    ).rows.map((row) => row.datname);

  it('starts from the build image of a new cluster, and later from its own files', async () => {
    const images = path.join(folder, 'dist');
    await makeClusterImage(images);
    const dataDir = path.join(folder, 'data');
    const first = await EmbeddedClient.open({ dataDir, clusterImages: images });
    // The image holds template1 alone; a cluster the engine creates holds postgres and template0.
    expect(await databases(first)).toEqual(['template1']);
    // Every migration is applied in it.
    const journal = JSON.parse(
      await readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    const applied = await first.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM drizzle.__drizzle_migrations',
    );
    expect(applied.rows[0]!.count).toBe(journal.entries.length);
    await first.exec('CREATE TABLE kept (cents integer); INSERT INTO kept VALUES (1234);');
    await first.close();

    const again = await EmbeddedClient.open({ dataDir, clusterImages: images });
    try {
      expect((await again.query('SELECT cents FROM kept')).rows).toEqual([{ cents: 1234 }]);
    } finally {
      await again.close();
    }
  }, 60_000);

  it('is created by the engine where the build left no image', async () => {
    const client = await EmbeddedClient.open({
      dataDir: path.join(folder, 'without-image'),
      clusterImages: path.join(folder, 'no-such-folder'),
    });
    try {
      expect(await databases(client)).toEqual(['postgres', 'template0', 'template1']);
    } finally {
      await client.close();
    }
  }, 60_000);
});

describe('a process using the embedded engine', () => {
  const run = promisify(execFile);
  const clientFile = fileURLToPath(new URL('./embedded-client.ts', import.meta.url));

  it('stays alive while a statement is answered, and ends when nothing is left to do', async () => {
    const script = path.join(folder, 'script.mts');
    // Nothing but the awaited answer keeps the process alive; the client is never closed.
    await writeFile(
      script,
      `import { EmbeddedClient } from ${JSON.stringify(clientFile)};
const client = await EmbeddedClient.open({});
const { rows } = await client.query('SELECT pg_sleep(0.3), 42 AS answer');
process.stdout.write(JSON.stringify(rows[0].answer));
`,
    );
    const tsx = fileURLToPath(new URL('../../../../node_modules/.bin/tsx', import.meta.url));
    const { stdout } = await run(tsx, [script], { timeout: 30_000 });
    expect(stdout).toBe('42');
  }, 40_000);
});
