import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { test } from '@playwright/test';
import { smtpPort } from './services.ts';

/**
 * A real SMTP server on the port the worker's server under test sends to, keeping what it
 * receives; started in a spec's `beforeAll`.
 */
export class Mailbox {
  readonly mails: ParsedMail[] = [];
  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData: (stream, _session, callback) => {
      simpleParser(stream)
        .then((mail) => {
          this.mails.push(mail);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });

  start(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(smtpPort(test.info().parallelIndex), '127.0.0.1', () => resolve());
    });
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** The latest mail to an address, once it has arrived. */
  latestTo(address: string): ParsedMail | undefined {
    return this.mails.findLast((mail) =>
      mail.to && !Array.isArray(mail.to)
        ? mail.to.value.some((to) => to.address === address)
        : Array.isArray(mail.to) && mail.to.some((group) => group.value.some((to) => to.address === address)),
    );
  }
}

/** The invitation link of a mail's text. */
export function invitationLinkOf(mail: ParsedMail): string {
  const link = /https?:\/\/\S+\/accept-invite\?token=[\w-]+/.exec(mail.text ?? '')?.[0];
  if (!link) throw new Error(`No invitation link in: ${mail.text}`);
  return link;
}
