import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_PASSING_BOT_TOKEN } from '@refund/contracts/sandbox';
import { otpAttempts } from '../src/db/schema';
import { drainQueues, MESSAGE_QUEUE } from './support/job-drain';
import { readCode, signUpNewPerson, uniquePhone } from './support/people';
import { call, startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ OTP_SENDS_PER_PHONE_PER_HOUR: '3' });
});
afterAll(() => server.close());

const bot_token = SANDBOX_PASSING_BOT_TOKEN;
const signIn = (phone_number: string, ip?: string) =>
  call(server.app, 'POST', '/v1/users/signin', { phone_number, bot_token }, ip ? { ip } : {});
const verify = (attempt_id: string, code: string) =>
  call(server.app, 'POST', '/v1/users/verify', { attempt_id, code });
const resend = (attempt_id: string) =>
  call(server.app, 'POST', '/v1/users/resend-code', { attempt_id, bot_token });
/** Moves an attempt's clock: the tests cannot wait five real minutes. */
const age = (id: string, set: Partial<typeof otpAttempts.$inferInsert>) =>
  server.database.db.update(otpAttempts).set(set).where(eq(otpAttempts.id, id));
const wrongCodeFor = (code: string) => (code === '000000' ? '111111' : '000000');

const seenCodes = new Map<string, string[]>();
/** A person with an account; the code their sign-up used is remembered so it is not read again. */
async function existingPerson() {
  const person = await signUpNewPerson(server.app);
  seenCodes.set(person.phone, [await readCode(server.app, person.phone)]);
  return person.phone;
}

describe('sign-in', () => {
  it('sends a code to a known number; the code signs the person in', async () => {
    const phone = await existingPerson();
    const response = await signIn(`${phone.slice(0, 3)} ${phone.slice(3, 6)} ${phone.slice(6)}`);
    expect(response.statusCode).toBe(200);
    const { attempt_id } = response.json();
    const code = await readCode(server.app, phone, seenCodes.get(phone));
    const verified = await verify(attempt_id, code);
    expect(verified.statusCode).toBe(200);
    const profile = await call(server.app, 'GET', '/v1/users/profile', undefined, {
      token: verified.json().access_token,
    });
    expect(profile.json().phone_number).toBe(phone);
  });

  it('answers an unknown number exactly like a known one, and sends nothing', async () => {
    const known = await signIn(await existingPerson());
    const phone = uniquePhone();
    const unknown = await signIn(phone);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(Object.keys(unknown.json()).sort()).toEqual(Object.keys(known.json()).sort());
    expect(unknown.json()).toMatchObject({
      channel: 'sms',
      destination: `+1 xxx-xxx-${phone.slice(-4)}`,
    });
    // Every message queued so far (the known number's code among them) has been sent.
    await drainQueues(server.database.db, [MESSAGE_QUEUE]);
    const inbox = await call(server.app, 'GET', `/v1/sandbox/messages?to=${phone}`);
    expect(inbox.json().data).toEqual([]);
    const guess = await verify(unknown.json().attempt_id, '123456');
    expect(guess.json().message).toBe('Incorrect one time passcode');
  });

  it("refuses a wrong code with 'Incorrect one time passcode', and after five wrong tries even the right one", async () => {
    const phone = await existingPerson();
    const { attempt_id } = (await signIn(phone)).json();
    const code = await readCode(server.app, phone, seenCodes.get(phone));
    for (let i = 0; i < 5; i += 1) {
      const wrong = await verify(attempt_id, wrongCodeFor(code));
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({
        code: 2002,
        code_description: 'INCORRECT_OTP',
        message: 'Incorrect one time passcode',
      });
    }
    const right = await verify(attempt_id, code);
    expect(right.statusCode).toBe(400);
    expect(right.json().code_description).toBe('OTP_ATTEMPTS_EXCEEDED');
  });

  it('a new code after five wrong tries works again', async () => {
    const phone = await existingPerson();
    const { attempt_id } = (await signIn(phone)).json();
    const first = await readCode(server.app, phone, seenCodes.get(phone));
    for (let i = 0; i < 5; i += 1) await verify(attempt_id, wrongCodeFor(first));
    await age(attempt_id, { resendAvailableAt: new Date(Date.now() - 1000) });
    expect((await resend(attempt_id)).statusCode).toBe(200);
    const second = await readCode(server.app, phone, [first]);
    expect((await verify(attempt_id, second)).statusCode).toBe(200);
  });

  it('refuses an expired code', async () => {
    const phone = await existingPerson();
    const { attempt_id } = (await signIn(phone)).json();
    const code = await readCode(server.app, phone, seenCodes.get(phone));
    await age(attempt_id, { codeExpiresAt: new Date(Date.now() - 1000) });
    const response = await verify(attempt_id, code);
    expect(response.statusCode).toBe(400);
    expect(response.json().code_description).toBe('OTP_EXPIRED');
  });

  it('a code works once: a replay is refused and signs no one in', async () => {
    const phone = await existingPerson();
    const { attempt_id } = (await signIn(phone)).json();
    const code = await readCode(server.app, phone, seenCodes.get(phone));
    expect((await verify(attempt_id, code)).statusCode).toBe(200);
    const replay = await verify(attempt_id, code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code_description).toBe('OTP_EXPIRED');
    expect(replay.cookies.find((c) => c.name === 'refresh_token')).toBeUndefined();
  });

  it('a code is bound to the attempt that created it', async () => {
    const phone = await existingPerson();
    const first = (await signIn(phone)).json();
    const code = await readCode(server.app, phone, seenCodes.get(phone));
    const other = (await signIn(phone)).json();
    const response = await verify(other.attempt_id, code);
    expect(response.json().message).toBe('Incorrect one time passcode');
    expect(first.attempt_id).not.toBe(other.attempt_id);
  });

  it('makes a resend wait for the 60 second countdown', async () => {
    const phone = await existingPerson();
    const { attempt_id } = (await signIn(phone)).json();
    const early = await resend(attempt_id);
    expect(early.statusCode).toBe(429);
    expect(early.json().code_description).toBe('RESEND_TOO_SOON');
    expect(early.json().message).toMatch(
      /^Please wait (59|60) seconds before requesting a new code\.$/,
    );
  });

  it('a resend replaces the code: the old one stops working', async () => {
    const phone = await existingPerson();
    const { attempt_id } = (await signIn(phone)).json();
    const oldCode = await readCode(server.app, phone, seenCodes.get(phone));
    await age(attempt_id, { resendAvailableAt: new Date(Date.now() - 1000) });
    const again = await resend(attempt_id);
    expect(again.statusCode).toBe(200);
    expect(again.json().resend_available_in_seconds).toBe(60);
    const newCode = await readCode(server.app, phone, [oldCode]);
    expect((await verify(attempt_id, oldCode)).json().message).toBe('Incorrect one time passcode');
    expect((await verify(attempt_id, newCode)).statusCode).toBe(200);
  });

  it('limits how many codes one number is sent in an hour', async () => {
    const phone = uniquePhone();
    // The limit in this suite is three an hour.
    for (let i = 0; i < 3; i += 1) expect((await signIn(phone)).statusCode).toBe(200);
    const over = await signIn(phone);
    expect(over.statusCode).toBe(429);
    expect(over.json().code_description).toBe('OTP_SEND_LIMIT');
  });

  it('limits how many codes one IP address can ask for, across numbers', async () => {
    const limited = await startTestServer({ OTP_SENDS_PER_IP_PER_HOUR: '2' });
    try {
      const ip = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
      await limited.database.db.execute(sql`delete from otp_sends where ip = ${ip}`);
      const send = (phone: string) =>
        call(limited.app, 'POST', '/v1/users/signin', { phone_number: phone, bot_token }, { ip });
      expect((await send(uniquePhone())).statusCode).toBe(200);
      expect((await send(uniquePhone())).statusCode).toBe(200);
      const over = await send(uniquePhone());
      expect(over.statusCode).toBe(429);
      expect(over.json().code_description).toBe('OTP_SEND_LIMIT');
    } finally {
      await limited.close();
    }
  });

  it('rejects malformed attempt ids and codes with a 400', async () => {
    for (const body of [
      { attempt_id: 'nope', code: '123456' },
      { attempt_id: crypto.randomUUID(), code: '12345' },
      { attempt_id: crypto.randomUUID(), code: 'abcdef' },
      { attempt_id: crypto.randomUUID() },
    ]) {
      const response = await call(server.app, 'POST', '/v1/users/verify', body);
      expect(response.statusCode).toBe(400);
      expect(response.json().code_description).toBe('VALIDATION_FAILED');
    }
    const unknown = await verify(crypto.randomUUID(), '123456');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code_description).toBe('OTP_EXPIRED');
  });

  it('never writes a phone number, code or token to the logs', async () => {
    const phone = await existingPerson();
    const { attempt_id } = (await signIn(phone)).json();
    const code = await readCode(server.app, phone, seenCodes.get(phone));
    const verified = await verify(attempt_id, code);
    const token = verified.json().access_token as string;
    await call(server.app, 'GET', `/v1/sandbox/messages?to=${phone}`);
    const logs = server.logLines.join('\n');
    expect(logs).toContain('/v1/users/verify');
    expect(logs).not.toContain(phone);
    expect(logs).not.toContain(phone.slice(3));
    expect(logs).not.toContain(code);
    expect(logs).not.toContain(token);
  });
});
