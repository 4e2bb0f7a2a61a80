import { SMTPServer } from 'smtp-server';

export interface CaughtMessage {
  from: string;
  to: string[];
  /** The whole message as received (RFC 5322), headers and MIME parts. */
  raw: Buffer;
}

/**
 * A local SMTP receiver: the demo's mail server when no SMTP_URL is set, and the receiver API
 * tests send to. It accepts any sender and recipient without authentication and hands each
 * message to `onMessage`. `refuse` lets a test make it answer 550, as a mail server that turns
 * a message away would.
 *
 * @example const catcher = await startMailCatcher({ port: 2525, onMessage: (m) => save(m) });
 */
export async function startMailCatcher({
  port = 0,
  host = '127.0.0.1',
  onMessage,
  refuse = () => null,
  refuseRecipient = () => null,
}: {
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  onMessage: (message: CaughtMessage) => void | Promise<void>;
  /** A reason to refuse each message with, or null to accept it. */
  refuse?: () => string | null;
  /** A reason to refuse this recipient with (550 to RCPT TO, as for an unknown mailbox), or null. */
  refuseRecipient?: (address: string) => string | null;
}) {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 25 * 1024 * 1024,
    onMailFrom(_address, _session, callback) {
      const reason = refuse();
      if (!reason) return callback();
      callback(Object.assign(new Error(reason), { responseCode: 550 }));
    },
    onRcptTo(address, _session, callback) {
      const reason = refuseRecipient(address.address);
      if (!reason) return callback();
      callback(Object.assign(new Error(reason), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const message = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks),
        };
        Promise.resolve(onMessage(message)).then(
          () => callback(),
          (error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => done());
  });
  const address = server.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return {
    port: actualPort,
    url: `smtp://${host}:${actualPort}`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
