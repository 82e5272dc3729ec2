import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import { users } from '../src/db/schema';
import { insertUser } from '../src/features/auth/users';

const dir = mkdtempSync(path.join(tmpdir(), 'refund-wallet-data-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the embedded database', () => {
  it('keeps its data in the data folder across restarts', async () => {
    const first = await openDatabase({ dataDir: dir });
    const id = await first.db.transaction((tx) =>
      insertUser(tx, {
        first_name: 'Dana',
        last_name: 'Reyes',
        email: 'dana.reyes@example.com',
        phone_number: '3125550188',
        date_of_birth: '1988-02-29',
      }),
    );
    await first.close();

    const second = await openDatabase({ dataDir: dir });
    try {
      const [row] = await second.db.select().from(users).where(eq(users.id, id));
      expect(row).toMatchObject({ firstName: 'Dana', dateOfBirth: '1988-02-29' });
    } finally {
      await second.close();
    }
  });
});
