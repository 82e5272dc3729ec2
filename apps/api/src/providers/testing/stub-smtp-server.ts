import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

export interface ReceivedMail {
  mailFrom: string;
  rcptTo: string[];
  /** The raw RFC 5322 message as the server received it. */
  raw: string;
}

export interface StubSmtpServer {
  port: number;
  received: ReceivedMail[];
  /** Every RCPT TO the server saw, accepted or not. */
  recipientsTried: string[];
  logins: { username: string; password: string }[];
  close(): Promise<void>;
}

export interface StubSmtpOptions {
  /** Recipients answered with 550, like a mailbox that does not exist. */
  rejectRecipients?: string[];
  /** Offer AUTH over the plain connection; STARTTLS stays disabled either way. */
  offerAuth?: boolean;
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives, so tests see the wire result. */
export async function startStubSmtpServer(options: StubSmtpOptions = {}): Promise<StubSmtpServer> {
  const received: ReceivedMail[] = [];
  const recipientsTried: string[] = [];
  const logins: StubSmtpServer['logins'] = [];
  const reject = new Set(options.rejectRecipients ?? []);

  const config: SMTPServerOptions = {
    authOptional: true,
    disabledCommands: options.offerAuth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    allowInsecureAuth: options.offerAuth === true,
    logger: false,
    onAuth(auth, _connection, callback) {
      logins.push({ username: auth.username ?? '', password: auth.password ?? '' });
      callback(null, { user: auth.username });
    },
    onRcptTo(address, _connection, callback) {
      recipientsTried.push(address.address);
      if (!reject.has(address.address)) return callback();
      const error = Object.assign(new Error(`5.1.1 <${address.address}>: mailbox unavailable`), {
        responseCode: 550,
      });
      callback(error);
    },
    onData(stream, connection, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const { mailFrom, rcptTo } = connection.envelope;
        received.push({
          mailFrom: mailFrom ? mailFrom.address : '',
          rcptTo: rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  };
  const server = new SMTPServer(config);

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    port,
    received,
    recipientsTried,
    logins,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
