import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  securityActionSchema,
  type SecurityAction,
  type SecurityActivity,
} from '@refund/contracts/security-activity';
import type { Db } from '../../db/database';
import { auditEvents, sessions } from '../../db/schema';
import { decodeExactCursor, encodeExactCursor } from '../../http/cursor';
import type { AuditAction } from '../auth/audit';
import { deviceName } from './device-name';
import { keysetPage, olderThan, pageLimit } from '../../db/keyset';

// Every action the API records is one the customer can be shown (and the other way round).
const everyActionListed: [AuditAction] extends [SecurityAction]
  ? [SecurityAction] extends [AuditAction]
    ? true
    : never
  : never = true;
void everyActionListed;

const LISTED: readonly SecurityAction[] = securityActionSchema.options;

/** created_at at the database's microsecond precision, so a page never skips a row. */
const exactCreatedAt = sql<string>`to_char(${auditEvents.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * The customer's own security activity: everything recorded about their account, newest first,
 * a keyset page at a time. Each event names its device by browser and system and says whether it
 * came from the device of the asking session; the device's hash and the IP are never answered.
 */
export function createSecurityActivity(deps: { db: Db }) {
  const { db } = deps;

  async function deviceOfSession(sessionId: string): Promise<string | null> {
    const [row] = await db
      .select({ deviceHash: sessions.deviceHash })
      .from(sessions)
      .where(eq(sessions.id, sessionId));
    return row?.deviceHash ?? null;
  }

  return {
    async list(
      viewer: { userId: string; sessionId: string },
      query: { limit: number; cursor?: string | undefined },
    ): Promise<SecurityActivity> {
      const after = query.cursor ? decodeExactCursor(query.cursor) : null;
      const [rows, currentDevice] = await Promise.all([
        db
          .select({
            id: auditEvents.id,
            action: auditEvents.action,
            fields: auditEvents.fields,
            deviceHash: auditEvents.deviceHash,
            userAgent: auditEvents.userAgent,
            at: exactCreatedAt,
          })
          .from(auditEvents)
          .where(
            and(
              eq(auditEvents.userId, viewer.userId),
              inArray(auditEvents.action, [...LISTED]),
              // The row-value form, so the index on (user, created, id) bounds the scan.
              olderThan(auditEvents.createdAt, auditEvents.id, after),
            ),
          )
          .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
          .limit(pageLimit(query.limit)),
        deviceOfSession(viewer.sessionId),
      ]);
      const { page, next_cursor } = keysetPage(rows, query.limit, (last) =>
        encodeExactCursor(last.at, last.id),
      );
      return {
        data: page.map((row) => ({
          id: row.id,
          action: securityActionSchema.parse(row.action),
          fields: row.fields,
          created_at: row.at,
          device: deviceName(row.userAgent),
          this_device: currentDevice !== null && row.deviceHash === currentDevice,
        })),
        next_cursor,
      };
    },
  };
}

export type SecurityActivityReader = ReturnType<typeof createSecurityActivity>;
