import type { Db } from '../src/db/database';
import { users } from '../src/db/schema';
import { createAccessTokens } from '../src/features/auth/access-token';
import { createSessionStore } from '../src/features/auth/sessions';
import { BENCH_SECRETS } from './server-process';

export interface BenchCustomer {
  id: string;
  /** Digits only, as stored. */
  phone: string;
  /** An access token of a live session, valid for an hour. */
  token: string;
}

/**
 * `count` customers with a signed-in session each, written straight into the database (a real
 * sign-up waits on an SMS per person), with tokens the servers started with BENCH_SECRETS accept.
 * Customer `i` is "Bench Customer i", bench.i@example.com.
 */
export async function seedBenchCustomers(db: Db, count: number): Promise<BenchCustomer[]> {
  const sessions = createSessionStore(db, 30, { secret: BENCH_SECRETS.OTP_SECRET });
  const tokens = createAccessTokens(BENCH_SECRETS.JWT_SECRET, 3600);
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        firstName: 'Bench',
        lastName: `Customer ${i}`,
        email: `bench.${i}@example.com`,
        phoneNumber: `2${String(i).padStart(9, '0')}`,
        dateOfBirth: '1990-01-01',
        termsAcceptedAt: new Date(),
      })),
    )
    .returning({ id: users.id, phone: users.phoneNumber });
  const seeded: BenchCustomer[] = [];
  for (const row of rows) {
    const { sessionId } = await sessions.start(db, row.id);
    seeded.push({ ...row, token: tokens.issue({ sub: row.id, sid: sessionId }).token });
  }
  return seeded;
}
