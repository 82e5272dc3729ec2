import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { ledgerCheckResults } from '../../db/schema';
import { resultRows } from '../../db/statement';
import { checkLedger, type LedgerReport } from './ledger-check';

/** The first key of the lock one instance holds while it checks (pg_advisory_xact_lock(int, int)). */
export const LEDGER_CHECK_LOCK_CLASS = 1_919_251_318;
/** How long results are kept. */
const KEPT_DAYS = 30;

/** Where the checks say what they found (the server's logger). */
export interface CheckLogger {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export interface LedgerCheckSchedule {
  /** Checks now if no instance has within the interval; answers whether this call checked. */
  runIfDue(): Promise<boolean>;
  stop(): void;
}

/** Each of the report's lists, counted. */
export function problemCounts(report: LedgerReport): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const [kind, value] of Object.entries(report)) {
    if (Array.isArray(value)) counts[kind] = value.length;
  }
  return counts;
}

/**
 * Checks the ledger's invariants (ledger-check.ts) every `intervalSeconds`, on whichever instance
 * comes first: each looks every interval, takes a lock only one holds at a time, and checks only
 * if no check was stored within the interval. The check reads in one snapshot (REPEATABLE READ),
 * so a transfer being written meanwhile is either wholly in it or not at all, and its result is
 * stored in `ledger_check_results` for the metrics (README, "Metrics"). Broken invariants are
 * logged as an error. The first look is one interval after the start.
 */
export function scheduleLedgerChecks(options: {
  db: Db;
  intervalSeconds: number;
  logger: CheckLogger;
}): LedgerCheckSchedule {
  const { db, intervalSeconds, logger } = options;

  async function runIfDue(): Promise<boolean> {
    const started = performance.now();
    const report = await db.transaction(
      async (tx) => {
        const [lock] = resultRows<{ locked: boolean }>(
          await tx.execute(
            sql`select pg_try_advisory_xact_lock(${LEDGER_CHECK_LOCK_CLASS}, 0) as locked`,
          ),
        );
        if (!lock?.locked) return null;
        const [recent] = resultRows<{ found: boolean }>(
          await tx.execute(
            sql`select exists (select 1 from ledger_check_results
              where checked_at > now() - make_interval(secs => ${intervalSeconds})) as found`,
          ),
        );
        if (recent?.found) return null;
        const checked = await checkLedger(tx);
        await tx.insert(ledgerCheckResults).values({
          ok: checked.ok,
          problems: problemCounts(checked),
          tookMs: Math.round(performance.now() - started),
        });
        await tx.execute(
          sql`delete from ledger_check_results where checked_at < now() - make_interval(days => ${KEPT_DAYS})`,
        );
        return checked;
      },
      { isolationLevel: 'repeatable read' },
    );
    if (!report) return false;
    if (report.ok) {
      logger.info({ tookMs: Math.round(performance.now() - started) }, 'ledger check: all hold');
    } else {
      logger.error({ problems: problemCounts(report) }, 'ledger check: INVARIANTS BROKEN');
    }
    return true;
  }

  const timer =
    intervalSeconds > 0
      ? setInterval(() => {
          runIfDue().catch((error: unknown) =>
            logger.warn({ err: error }, 'ledger check not run; trying at the next interval'),
          );
        }, intervalSeconds * 1000)
      : null;
  timer?.unref();
  return {
    runIfDue,
    stop: () => {
      if (timer) clearInterval(timer);
    },
  };
}
