import pg from 'pg';

/** A statement the second connection runs, with its parameters ($1, $2…). */
export interface Statement {
  text: string;
  values: string[];
}

const inline = (client: pg.Client, statement: Statement) =>
  statement.text.replace(/\$(\d+)/g, (_, n: string) =>
    client.escapeLiteral(statement.values[Number(n) - 1] ?? ''),
  );

/**
 * Runs `act` into a real deadlock with a second connection to TEST_DATABASE_URL, which takes the
 * same rows in the opposite order: it locks `first`; `act`, holding rows of its own, comes to
 * wait for them; then the second connection asks for one of `act`'s rows (`second`). PostgreSQL
 * breaks off `act`'s transaction, the one that has waited longest, which lets the second
 * connection through; it then rolls back. Answers what `act` answered.
 */
export async function deadlocked<T>(
  first: Statement,
  act: () => Promise<T>,
  second: Statement,
): Promise<T> {
  const other = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await other.connect();
  try {
    await other.query("set deadlock_timeout = '10s'");
    await other.query('begin');
    await other.query(first.text, first.values);
    const acting = act();
    // Whatever `act` answers is read below; until then it must not count as unhandled.
    acting.catch(() => undefined);
    // Each waiter looks for a deadlock once, a deadlock_timeout after it began to wait, and the
    // first to find one is broken off. `act` looks after 1 s; the second connection asks 0.1 s
    // into that wait and looks only after 10 s, so it is waiting when `act` looks, and a busy
    // machine that delays `act`'s look still does not make this connection the one broken off.
    // The server itself watches the wait, not the test process.
    try {
      await other.query(`do $deadlock$
        declare deadline timestamptz := clock_timestamp() + interval '10 seconds';
        begin
          loop
            exit when exists (select 1 from pg_locks
                              where not granted
                                and pg_backend_pid() = any(pg_blocking_pids(pid))
                                and waitstart < clock_timestamp() - interval '100 milliseconds');
            if clock_timestamp() > deadline then
              raise exception 'nothing came to wait for the rows locked first';
            end if;
            perform pg_sleep(0.005);
          end loop;
          execute ${other.escapeLiteral(inline(other, second))};
        end $deadlock$`);
    } catch (error) {
      throw new Error('The second connection could not make the deadlock', {
        cause: error,
      });
    }
    await other.query('rollback');
    return await acting;
  } finally {
    await other.end();
  }
}
