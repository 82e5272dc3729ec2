import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import { setPrimaryAddress } from '../features/auth/addresses';
import { findUserIdByPhone, insertUser, proveEmail } from '../features/auth/users';
import { saveFile } from '../features/files/file-store';
import {
  createMerchant,
  findMerchantByApiKey,
  type Merchant,
} from '../features/merchants/merchant-keys';
import { claimRefund } from '../features/refunds/claim-refund';
import { createMerchantRefunds } from '../features/refunds/merchant-refunds';
import { createSpotlights } from '../features/spotlights/spotlights';
import type { JobQueue } from '../jobs/job-queue';
import type { Db, Tx } from './database';
import { spotlights } from './schema';

/** The demo customer the README names; sign in with this number and read the code in the inbox. */
export const demoCustomer = {
  first_name: 'Alex',
  last_name: 'Morgan',
  email: 'alex.morgan@example.com',
  phone_number: '2025550143',
  date_of_birth: '1990-04-12',
} as const;

/** The sandbox merchant and its API key, given in the README. Only seeded with the sandbox on. */
export const demoMerchant = {
  name: 'Summit Sports',
  apiKey: 'sk_sandbox_summit_sports_demo_key_0001',
} as const;

/** The demo merchant's live spotlight, with artwork drawn for the project (assets/demo). */
export const demoSpotlight = {
  idempotencyKey: 'demo-spotlight-1',
  imageFile: 'spotlight-winter-sale.png',
  logoFile: 'spotlight-logo.png',
  buttonText: 'Shop the winter sale',
  buttonUrl: 'https://summit-sports.example.com/winter-sale',
} as const;

const demoAssetsDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../assets/demo',
);

/** Uploads the artwork as the merchant's own files and starts the spotlight, once. */
async function seedDemoSpotlight(db: Db, merchant: Merchant): Promise<void> {
  const [seeded] = await db
    .select({ id: spotlights.id })
    .from(spotlights)
    .where(
      and(
        eq(spotlights.merchantId, merchant.id),
        eq(spotlights.idempotencyKey, demoSpotlight.idempotencyKey),
      ),
    );
  if (seeded) return;
  const upload = async (name: string) =>
    saveFile(db, {
      merchantId: merchant.id,
      contentType: 'image/png',
      data: await readFile(path.join(demoAssetsDir, name)),
    });
  const image = await upload(demoSpotlight.imageFile);
  const logo = await upload(demoSpotlight.logoFile);
  await createSpotlights(db).create(merchant, demoSpotlight.idempotencyKey, {
    promotion_image: { file_key: image.fileKey },
    promotion_logo: { file_key: logo.fileKey },
    promotion_button_url: demoSpotlight.buttonUrl,
    promotion_button_text: demoSpotlight.buttonText,
  });
}

const days = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();

/**
 * Adds the demo data once; running it again changes nothing. The refunds go through the same
 * services a merchant and a customer use, so the ledger holds real, balanced transfers.
 */
export async function seedDemoData(deps: {
  db: Db;
  jobs: JobQueue;
  publicUrl: string;
  sandbox: boolean;
  /** What a claim brings besides the refund (the welcome bonus), as for any customer. */
  onClaimed?: (tx: Tx, userId: string) => Promise<void>;
}): Promise<void> {
  const { db } = deps;
  const created = await db.transaction(async (tx) => {
    if (await findUserIdByPhone(tx, demoCustomer.phone_number)) return null;
    const userId = await insertUser(tx, demoCustomer);
    await proveEmail(tx, userId, demoCustomer.email);
    await setPrimaryAddress(tx, userId, {
      line_1: '1600 Market Street',
      line_2: 'Apt 4B',
      city: 'Philadelphia',
      state: 'PA',
      zipcode: '19103',
    });
    return userId;
  });
  if (!deps.sandbox) return;

  const merchant =
    (await findMerchantByApiKey(db, demoMerchant.apiKey)) ??
    (await createMerchant(db, demoMerchant.name, demoMerchant.apiKey));
  // Apart from the customer's data, so a database seeded before spotlights existed gets one too.
  await seedDemoSpotlight(db, merchant);
  if (!created) return;
  const refunds = createMerchantRefunds({ db, jobs: deps.jobs, publicUrl: deps.publicUrl });
  const customer = {
    first_name: demoCustomer.first_name,
    last_name: demoCustomer.last_name,
    email: demoCustomer.email,
    phone_number: demoCustomer.phone_number,
  };
  const shoes = await refunds.create(merchant, 'demo-refund-1', {
    customer,
    order_number: 'SS-10482',
    description: 'Trail running shoes, size 10',
    file_id: 'RMA-55821',
    returns: [{ amount_in_cents: 8999, description: 'Trail running shoes', state: 'available' }],
  });
  const jacket = await refunds.create(merchant, 'demo-refund-2', {
    customer,
    order_number: 'SS-10517',
    description: 'Insulated jacket and gloves',
    file_id: 'RMA-55907',
    returns: [
      {
        amount_in_cents: 14950,
        description: 'Insulated jacket',
        state: 'awaiting_fraud_check',
        fraud_hold_amount_in_cents: 2500,
        fraud_hold_expires_at: days(3),
      },
      { amount_in_cents: 2400, description: 'Winter gloves', state: 'available' },
    ],
  });
  await claimRefund(deps, created, shoes.refund.refund_uuid);
  await claimRefund(deps, created, jacket.refund.refund_uuid);
  // Left unclaimed so the claim flow can be tried: its link is in the demo customer's inbox.
  await refunds.create(merchant, 'demo-refund-3', {
    customer,
    order_number: 'SS-10533',
    description: 'Camping tent, 2 person',
    file_id: 'RMA-56012',
    returns: [{ amount_in_cents: 21900, description: 'Camping tent', state: 'awaiting_pickup' }],
    expires_at: days(30),
  });
}
