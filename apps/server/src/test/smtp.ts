import net from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtpServer {
  /** The SMTP_URL that reaches it. */
  url: string;
  /** Every mail it took, parsed, in order. */
  received: ParsedMail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server on a random port of 127.0.0.1, for tests of mail. Any sender may send without
 * signing in; `refuse` makes it refuse every recipient, as a server that will not relay does.
 */
export async function startSmtpServer(options: { refuse?: boolean } = {}): Promise<TestSmtpServer> {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // No TLS in tests: its certificate would be self-signed.
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!options.refuse) return callback();
      const error = Object.assign(new Error(`Relay to ${address.address} denied`), { responseCode: 550 });
      return callback(error);
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.on('error', reject);
    const listener = server.listen(0, '127.0.0.1', () =>
      resolve((listener.address() as net.AddressInfo).port),
    );
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An SMTP_URL where nothing listens: a port that was free a moment ago. */
export async function unreachableSmtpUrl(): Promise<string> {
  const probe = net.createServer();
  const port = await new Promise<number>((resolve) =>
    probe.listen(0, '127.0.0.1', () => resolve((probe.address() as net.AddressInfo).port)),
  );
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `smtp://127.0.0.1:${port}`;
}
