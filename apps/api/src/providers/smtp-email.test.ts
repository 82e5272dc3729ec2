import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { EmailProviderError, createSmtpEmailSender } from './smtp-email';
import { startStubSmtpServer, type StubSmtpServer } from './testing/stub-smtp-server';

const from = 'Refunds <no-reply@refunds.example>';
const to = 'jane.doe@customer.example';

let smtp: StubSmtpServer | undefined;
afterEach(async () => {
  await smtp?.close();
  smtp = undefined;
});

const senderFor = (server: StubSmtpServer, extra: { user?: string; password?: string } = {}) =>
  createSmtpEmailSender({ host: '127.0.0.1', port: server.port, secure: false, from, ...extra });

async function sendError(send: Promise<void>): Promise<EmailProviderError> {
  const error: unknown = await send.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(EmailProviderError);
  return error as EmailProviderError;
}

describe('createSmtpEmailSender', () => {
  it('delivers the subject and text to the recipient', async () => {
    smtp = await startStubSmtpServer();

    await senderFor(smtp).send({
      to,
      subject: 'Your refund is ready',
      text: 'Claim it here: https://refunds.example/c/abc123',
    });

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail?.mailFrom).toBe('no-reply@refunds.example');
    expect(mail?.rcptTo).toEqual([to]);
    expect(mail?.raw).toMatch(/^Subject: Your refund is ready\r$/m);
    expect(mail?.raw).toMatch(/^To: jane\.doe@customer\.example\r$/m);
    expect(mail?.raw).toContain('Claim it here: https://refunds.example/c/abc123');
    expect(mail?.raw).not.toContain('text/html');
  });

  it('gives every try of one message the same Message-ID, from its delivery key', async () => {
    smtp = await startStubSmtpServer();
    const message = { to, subject: 'Your code', text: 'Your code is 482913' };
    const key = '01a22af3-242b-0000-93bf-e6574d28b5f3';

    await senderFor(smtp).send({ ...message, deliveryKey: key });
    await senderFor(smtp).send({ ...message, deliveryKey: key });
    await senderFor(smtp).send(message);

    const ids = smtp.received.map((mail) => /^Message-ID: (.*)\r$/im.exec(mail.raw)?.[1]);
    expect(ids[0]).toBe(`<${key}@refunds.example>`);
    expect(ids[1]).toBe(ids[0]);
    expect(ids[2]).toMatch(/^<.+@refunds\.example>$/);
    expect(ids[2]).not.toBe(ids[0]);
  });

  it('sends text and html as alternatives when html is given', async () => {
    smtp = await startStubSmtpServer();

    await senderFor(smtp).send({
      to,
      subject: 'Your code',
      text: 'Your code is 482913',
      html: '<p>Your code is <b>482913</b></p>',
    });

    const raw = smtp.received[0]?.raw ?? '';
    expect(raw).toContain('multipart/alternative');
    expect(raw).toContain('Your code is 482913');
    expect(raw).toContain('<p>Your code is <b>482913</b></p>');
  });

  it('throws when the server rejects the recipient, without the address', async () => {
    smtp = await startStubSmtpServer({ rejectRecipients: [to] });

    const error = await sendError(senderFor(smtp).send({ to, subject: 'Hi', text: 'Hello' }));

    expect(error.code).toBe('EENVELOPE');
    expect(error.responseCode).toBe(550);
    expect(`${error.message}\n${inspect(error, { depth: 5 })}`).not.toContain(to);
    expect(smtp.received).toHaveLength(0);
  });

  it('never turns one recipient value into several', async () => {
    smtp = await startStubSmtpServer();
    const injected = 'victim@customer.example, attacker@evil.example';

    await senderFor(smtp)
      .send({ to: injected, subject: 'Hi', text: 'Hello' })
      .catch(() => undefined);

    expect(smtp.recipientsTried).not.toContain('attacker@evil.example');
    expect(smtp.recipientsTried.length).toBeLessThanOrEqual(1);
  });

  it('logs in with the configured credentials when TLS is explicitly waived', async () => {
    smtp = await startStubSmtpServer({ offerAuth: true });
    const sender = createSmtpEmailSender({
      host: '127.0.0.1',
      port: smtp.port,
      secure: false,
      from,
      user: 'mailer',
      password: 'p4ss',
      requireTls: false,
    });

    await sender.send({ to, subject: 'Hi', text: 'Hello' });

    expect(smtp.logins).toEqual([{ username: 'mailer', password: 'p4ss' }]);
    expect(smtp.received).toHaveLength(1);
  });

  it('will not send credentials over a connection without TLS by default', async () => {
    smtp = await startStubSmtpServer({ offerAuth: true });

    const error = await sendError(
      senderFor(smtp, { user: 'mailer', password: 'p4ss' }).send({ to, subject: 'Hi', text: 'x' }),
    );

    expect(error.message).not.toContain('p4ss');
    expect(smtp.logins).toHaveLength(0);
    expect(smtp.received).toHaveLength(0);
  });

  it('gives up on a server that never greets', async () => {
    const sockets: Socket[] = [];
    const silent: Server = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    try {
      const sender = createSmtpEmailSender({
        host: '127.0.0.1',
        port,
        secure: false,
        from,
        timeoutMs: 100,
      });

      const error = await sendError(sender.send({ to, subject: 'Hi', text: 'Hello' }));

      expect(error.code).toBe('ETIMEDOUT');
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
