import type { MailDelivery } from '@logoschool/contract';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';
import type { Tx } from '../db/client.ts';
import { mails } from '../db/schema/index.ts';

/** One mail to send: a plain text and an HTML part of the same content. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * Parts of the mail that open something (an invitation token). The copy kept of a mail that an
   * SMTP server took hides them, so that the database never holds a live link; a mail kept in the
   * outbox, or one that failed, keeps them for root to pass on by hand.
   */
  secrets?: readonly string[];
  /** Files sent with the mail (a booking's `.ics`); the kept copy records the text and HTML only. */
  attachments?: readonly { filename: string; content: string; contentType: string }[];
}

/** What became of a mail. */
export interface MailOutcome {
  /** Whether an SMTP server took it. */
  delivered: boolean;
  delivery: MailDelivery;
  /** Why a `failed` mail failed (the SMTP server's first line), for a caller that records the reason. */
  error?: string;
}

export interface Mailer {
  /** Sends a mail (or keeps it in the outbox) and records it. Never throws: the outcome says. */
  sendMail(mail: OutgoingMail): Promise<MailOutcome>;
  close(): void;
}

/** What replaces a secret in the kept copy of a delivered mail. */
export const HIDDEN = '[hidden]';

/**
 * How long to wait for an SMTP server, in ms: a request that sends mail waits for it, so an
 * unreachable or silent server must fail in seconds, not in nodemailer's default minutes.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/** The sender: MAIL_FROM, else a no-reply address at the public host. */
export function mailFrom(config: Pick<Config, 'MAIL_FROM' | 'PUBLIC_URL'>): string {
  if (config.MAIL_FROM) return config.MAIL_FROM;
  const host = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).hostname : 'localhost';
  return `Logoschool <noreply@${host}>`;
}

function hide(text: string, secrets: readonly string[]): string {
  return secrets.reduce((result, secret) => (secret ? result.split(secret).join(HIDDEN) : result), text);
}

/** The first line of an error, short enough to keep. */
function errorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return (message.split('\n')[0] ?? '').slice(0, 500) || 'unknown error';
}

interface MailerOptions {
  db: Tx;
  log: FastifyBaseLogger;
  /** SMTP_URL; unset → every mail goes to the outbox. */
  smtpUrl: string | undefined;
  from: string;
}

/**
 * The one way the platform sends mail (DESIGN §2): over SMTP when a server is configured, else into
 * the outbox table that root reads. Every mail is recorded with how it left.
 */
export function createMailer({ db, log, smtpUrl, from }: MailerOptions): Mailer {
  const transport = smtpUrl ? nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS }, { from }) : null;

  async function deliver(mail: OutgoingMail): Promise<{ delivery: MailDelivery; error: string | null }> {
    if (!transport) return { delivery: 'outbox', error: null };
    try {
      await transport.sendMail({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.attachments ? { attachments: [...mail.attachments] } : {}),
      });
      return { delivery: 'smtp', error: null };
    } catch (error) {
      log.warn({ err: error, to: mail.to }, 'mail not delivered');
      return { delivery: 'failed', error: errorText(error) };
    }
  }

  async function record(mail: OutgoingMail, delivery: MailDelivery, error: string | null) {
    const secrets = delivery === 'smtp' ? (mail.secrets ?? []) : [];
    try {
      await db.insert(mails).values({
        to: mail.to,
        subject: mail.subject,
        text: hide(mail.text, secrets),
        html: hide(mail.html, secrets),
        delivery,
        error,
      });
      return true;
    } catch (recordError) {
      log.error({ err: recordError, to: mail.to }, 'mail not recorded');
      return false;
    }
  }

  return {
    async sendMail(mail) {
      const { delivery, error } = await deliver(mail);
      const recorded = await record(mail, delivery, error);
      // Without SMTP the outbox row is the delivery: a mail that could not be kept is lost.
      if (delivery === 'outbox' && !recorded) {
        return { delivered: false, delivery: 'failed', error: 'the outbox could not keep the mail' };
      }
      return { delivered: delivery === 'smtp', delivery, ...(error === null ? {} : { error }) };
    },
    close() {
      transport?.close();
    },
  };
}
