import { eq } from 'drizzle-orm';
import { insertUser } from '../features/auth/users';
import type { Db } from './database';
import { addresses, users } from './schema';

/** The demo customer the README names; sign in with this number and read the code in the inbox. */
export const demoCustomer = {
  first_name: 'Alex',
  last_name: 'Morgan',
  email: 'alex.morgan@example.com',
  phone_number: '2025550143',
  date_of_birth: '1990-04-12',
} as const;

/** Adds the demo data once; running it again changes nothing. */
export async function seedDemoData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.phoneNumber, demoCustomer.phone_number));
    if (existing) return;
    const userId = await insertUser(tx, demoCustomer);
    await tx.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, userId));
    await tx.insert(addresses).values({
      userId,
      line1: '1600 Market Street',
      line2: 'Apt 4B',
      city: 'Philadelphia',
      state: 'PA',
      zipcode: '19103',
      isPrimary: true,
    });
  });
}
