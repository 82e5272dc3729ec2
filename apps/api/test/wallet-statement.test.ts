import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Transaction } from '@refund/contracts/redemptions';
import type { StatementLine, StatementPage } from '@refund/contracts/wallet';
import { giftcardBrands, ledgerAccounts, users } from '../src/db/schema';
import { sandboxCards } from '../src/providers/sandbox-card-payouts';
import { buyGiftCard, quoteGiftCard, settledTransaction } from './support/giftcard-fixtures';
import {
  addCard,
  fundedCustomer,
  mintWithdrawalCode,
  newMerchant,
} from './support/payout-fixtures';
import type { SignedIn } from './support/people';
import { balanceOf, expectLedgerBalanced, type TestMerchant } from './support/refund-fixtures';
import { call, startTestServer, type TestServer } from './support/test-server';

/**
 * The statement (GET /v1/wallet/statement): every movement of a customer's money as a line of
 * its kind, from their ledger, summing to the balance home shows and to the ledger itself.
 */
const LAST_DAY = `${new Date().getUTCFullYear() + 1}-06-30`;
let server: TestServer;
let merchant: TestMerchant;
beforeAll(async () => {
  server = await startTestServer({
    WELCOME_BONUS_CENTS: '1000',
    WELCOME_BONUS_EXPIRES_ON: LAST_DAY,
    FREE_PLAY_CENTS: '500',
    FREE_PLAY_ENDS_ON: LAST_DAY,
    SANDBOX_GIFT_CARD_FULFIL_SECONDS: '0',
    EARN_REWARDS_OFFERS: 'SBX-harbor-coffee:1500',
  });
  merchant = await newMerchant(server.database.db);
});
afterEach(() => expectLedgerBalanced(server.database.db));
afterAll(() => server.close());

/** Every line, page by page (`limit` small, so the cursor is walked). */
async function statementOf(person: SignedIn, limit = 3): Promise<StatementLine[]> {
  const lines: StatementLine[] = [];
  let cursor: string | null = null;
  do {
    const query: string = `?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
    const page = await call(server.app, 'GET', `/v1/wallet/statement${query}`, undefined, {
      token: person.accessToken,
    });
    expect(page.statusCode, page.body).toBe(200);
    const body = page.json() as StatementPage;
    lines.push(...body.data);
    cursor = body.next_cursor;
  } while (cursor);
  return lines;
}

/** The sum of the customer's ledger accounts, read from the ledger itself. */
async function ledgerTotal(person: SignedIn): Promise<number> {
  const [user] = await server.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.phoneNumber, person.phone));
  const [row] = await server.database.db
    .select({ total: sql<string>`coalesce(sum(${ledgerAccounts.balanceCents}), 0)` })
    .from(ledgerAccounts)
    .where(
      and(eq(ledgerAccounts.ownerType, 'customer'), eq(ledgerAccounts.ownerId, user?.id ?? '')),
    );
  return Number(row?.total ?? 0);
}

const sum = (lines: StatementLine[]) => lines.reduce((total, l) => total + l.amount_in_cents, 0);

const redeem = (person: SignedIn, body: Record<string, unknown>) =>
  call(server.app, 'POST', '/v1/redemptions', body, {
    token: person.accessToken,
    headers: { 'idempotency-key': crypto.randomUUID() },
  });

describe('the statement', () => {
  it('has a line for every movement, of its kind, and sums to the balance and the ledger', async () => {
    const person = await fundedCustomer(server.app, merchant, 20_000);
    const card = await addCard(server.app, person.accessToken, sandboxCards.visaDebit);
    const declined = await addCard(server.app, person.accessToken, sandboxCards.declined);

    // A payout to a debit card with its 1.5% fee; one the issuer declines, given back.
    const paid = await redeem(person, {
      mode: 'debit',
      payment_method_uuid: card,
      amount_in_cents: 5_000,
      ...(await mintWithdrawalCode(server.database.db, person.phone)),
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const refused = await redeem(person, {
      mode: 'debit',
      payment_method_uuid: declined,
      amount_in_cents: 1_000,
      ...(await mintWithdrawalCode(server.database.db, person.phone)),
    });
    const refusedId = (refused.json() as Transaction).transaction_id;
    await expect
      .poll(async () => (await settledTransaction(server, person, refusedId)).status)
      .toBe('Failed');

    // A gift card with 4% cashback and the brand's 15% reward, paid from the bonus first.
    const [harbor] = await server.database.db
      .select({ id: giftcardBrands.id })
      .from(giftcardBrands)
      .where(eq(giftcardBrands.providerBrandId, 'SBX-harbor-coffee'));
    const quote = await quoteGiftCard(server, person, harbor?.id, 4_000);
    const bought = await buyGiftCard(server, person, quote);
    expect(bought.statusCode, bought.body).toBe(201);
    const cardTx = await settledTransaction(
      server,
      person,
      (bought.json() as Transaction).transaction_id,
    );
    expect(cardTx.status).toBe('Successful');

    // The free play.
    const played = await call(server.app, 'POST', '/v1/promotions/free-play/claims', undefined, {
      token: person.accessToken,
      headers: { 'idempotency-key': crypto.randomUUID(), 'x-device-id': crypto.randomUUID() },
    });
    expect(played.statusCode, played.body).toBe(201);

    const lines = await statementOf(person);
    const byKind = (kind: StatementLine['kind']) =>
      lines.filter((l) => l.kind === kind).map((l) => l.amount_in_cents);
    expect(byKind('refund_claimed')).toEqual([20_000]);
    expect(byKind('welcome_bonus')).toEqual([1_000]);
    expect(byKind('redemption').sort((a, b) => a - b)).toEqual([-4_925, -4_000, -985]);
    expect(byKind('redemption_fee').sort((a, b) => a - b)).toEqual([-75, -15]);
    expect(byKind('redemption_returned')).toEqual([1_000]);
    expect(byKind('cashback')).toEqual([160]);
    expect(byKind('brand_reward')).toEqual([600]);
    expect(byKind('free_play')).toEqual([500]);
    // Newest first, each line once, each with its date; the refused payout's line says Failed.
    const times = lines.map((l) => Date.parse(l.occurred_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(new Set(lines.map((l) => l.id)).size).toBe(lines.length);
    expect(lines.find((l) => l.kind === 'redemption' && l.amount_in_cents === -985)).toMatchObject({
      status: 'failed',
      redemption: { id: refusedId, mode: 'debit' },
    });
    expect(lines.find((l) => l.kind === 'refund_claimed')?.refund?.merchant_name).toBeTruthy();
    expect(lines.find((l) => l.kind === 'cashback')?.redemption?.id).toBe(cardTx.transaction_id);

    const balance = await balanceOf(server.app, person.accessToken);
    expect(sum(lines)).toBe(balance.total_in_cents);
    expect(sum(lines)).toBe(await ledgerTotal(person));
    // 20,000 + 1,000 bonus − 5,000 − 4,000 + 160 + 600 + 500; the refused 1,000 came back.
    expect(balance.total_in_cents).toBe(13_260);

    // Some kinds only (what Transaction History adds beside its refunds and redemptions).
    const some = await call(
      server.app,
      'GET',
      '/v1/wallet/statement?kinds=cashback,free_play,redemption_fee',
      undefined,
      { token: person.accessToken },
    );
    expect(some.statusCode, some.body).toBe(200);
    expect(
      (some.json() as StatementPage).data.map((l) => [l.kind, l.amount_in_cents]).sort(),
    ).toEqual([
      ['cashback', 160],
      ['free_play', 500],
      ['redemption_fee', -15],
      ['redemption_fee', -75],
    ]);
  });

  it('shows a customer their own lines only, and refuses a cursor it never gave', async () => {
    const one = await fundedCustomer(server.app, merchant, 1_234);
    const other = await fundedCustomer(server.app, merchant, 4_321);
    expect((await statementOf(one)).map((l) => l.amount_in_cents).sort()).toEqual([1_000, 1_234]);
    expect((await statementOf(other)).map((l) => l.amount_in_cents).sort()).toEqual([1_000, 4_321]);
    for (const query of ['?cursor=nope', '?limit=0', '?limit=101', '?limit=x', '?kinds=nope']) {
      const response = await call(server.app, 'GET', `/v1/wallet/statement${query}`, undefined, {
        token: one.accessToken,
      });
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ code_description: 'VALIDATION_FAILED' });
    }
    const unsigned = await call(server.app, 'GET', '/v1/wallet/statement');
    expect(unsigned.statusCode).toBe(401);
  });

  it("downloads a month's statement as CSV and PDF: opening balance, the month's lines, closing balance", async () => {
    const summit = await newMerchant(server.database.db, 'Summit Sports Co.');
    const person = await fundedCustomer(server.app, summit, 2_500);
    const card = await addCard(server.app, person.accessToken, sandboxCards.visaDebit);
    const paid = await redeem(person, {
      mode: 'debit',
      payment_method_uuid: card,
      amount_in_cents: 1_000,
      ...(await mintWithdrawalCode(server.database.db, person.phone)),
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const now = new Date();
    const month = now.toISOString().slice(0, 7);
    const download = (path: string) =>
      call(server.app, 'GET', path, undefined, { token: person.accessToken });

    const csv = await download(`/v1/wallet/statements/${month}?format=csv`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="statement-${month}.csv"`,
    );
    const rows = csv.body.trimEnd().split('\r\n');
    expect(rows[0]).toBe('"Date (UTC)","Description","Status","Amount (USD)","Balance (USD)"');
    expect(rows[1]).toMatch(/^"[^"]+","Opening balance",,,0\.00$/);
    // Oldest first: the refund, the welcome bonus, the payout and its fee, each with the balance.
    expect(rows.slice(2, -1).map((row) => row.split(',').slice(1).join(','))).toEqual([
      '"Refund from Summit Sports Co.","Completed",25.00,25.00',
      '"Welcome bonus","Completed",10.00,35.00',
      '"Redemption to a debit card","Completed",-9.85,25.15',
      '"Fee for a redemption to a debit card","Completed",-0.15,25.00',
    ]);
    expect(rows.at(-1)).toMatch(/^"[^"]+","Closing balance",,,25\.00$/);
    expect((await balanceOf(server.app, person.accessToken)).total_in_cents).toBe(2_500);

    // Last month: nothing moved yet, nothing to open or close with.
    const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
    const before = await download(
      `/v1/wallet/statements/${last.toISOString().slice(0, 7)}?format=csv`,
    );
    expect(before.body.trimEnd().split('\r\n').slice(1)).toEqual([
      expect.stringMatching(/"Opening balance",,,0\.00$/),
      expect.stringMatching(/"Closing balance",,,0\.00$/),
    ]);

    const pdf = await download(`/v1/wallet/statements/${month}?format=pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="statement-${month}.pdf"`,
    );
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.rawPayload.subarray(-6).toString('latin1')).toContain('%%EOF');

    for (const path of [
      `/v1/wallet/statements/${month}?format=xls`,
      `/v1/wallet/statements/${month}`,
      '/v1/wallet/statements/2026-13?format=csv',
      '/v1/wallet/statements/november?format=csv',
    ]) {
      const refused = await download(path);
      expect(refused.statusCode, path).toBe(400);
      expect(refused.json()).toMatchObject({ code_description: 'VALIDATION_FAILED' });
    }
    const unsigned = await call(server.app, 'GET', `/v1/wallet/statements/${month}?format=csv`);
    expect(unsigned.statusCode).toBe(401);
  });
});
