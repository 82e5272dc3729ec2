import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cards, vaultCards } from '../src/db/schema';
import { sandboxCards } from '../src/providers/sandbox-card-payouts';
import { signUpNewPerson, type SignedIn } from './support/people';
import { giveAddress } from './support/payout-fixtures';
import { call, startTestServer, type TestServer } from './support/test-server';

/**
 * A card number is sealed into the vault only together with the card that uses it: when adding
 * the card fails after the number was sealed, no sealed number stays behind.
 */

/** The name a constraint added by this test refuses, standing in for any failure after sealing. */
const REFUSED_NAME = 'Refused By Database';

let server: TestServer;
let person: SignedIn;

beforeAll(async () => {
  server = await startTestServer();
  person = await signUpNewPerson(server.app);
  await giveAddress(server.app, person.accessToken);
  await server.database.db.execute(
    sql.raw(
      `alter table cards add constraint cards_test_refused_name check (name_on_card <> '${REFUSED_NAME}')`,
    ),
  );
});
afterAll(async () => {
  await server.database.db.execute(
    sql.raw('alter table cards drop constraint if exists cards_test_refused_name'),
  );
  await server.close();
});

async function rows() {
  const [vault] = await server.database.db.select({ n: count() }).from(vaultCards);
  const [card] = await server.database.db.select({ n: count() }).from(cards);
  return { vault: vault?.n ?? 0, cards: card?.n ?? 0 };
}

const addCard = (name: string) =>
  call(
    server.app,
    'POST',
    '/v1/cards',
    { card_number: sandboxCards.visaDebit, expiry: '12/30', cvv: '123', name_on_card: name },
    { token: person.accessToken },
  );

describe('card vault', () => {
  it('a card whose row cannot be written leaves no sealed number behind', async () => {
    const before = await rows();
    const failed = await addCard(REFUSED_NAME);
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toEqual({
      code: 3001,
      code_description: 'INTERNAL',
      message: 'Internal Server error',
    });
    expect(await rows()).toEqual(before);
    const listed = await call(server.app, 'GET', '/v1/cards', undefined, {
      token: person.accessToken,
    });
    expect(listed.json()).toEqual({ data: [] });
  });

  it('a card that is added keeps exactly one sealed number, never in clear', async () => {
    const before = await rows();
    const added = await addCard('Pat Doe');
    expect(added.statusCode, added.body).toBe(201);
    expect(await rows()).toEqual({ vault: before.vault + 1, cards: before.cards + 1 });
    const sealed = await server.database.db.select().from(vaultCards);
    for (const row of sealed) expect(row.sealedNumber).not.toContain(sandboxCards.visaDebit);
  });
});
