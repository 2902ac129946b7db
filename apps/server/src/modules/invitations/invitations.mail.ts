import { LANGUAGE_LOCALES, type Language, type RoleName } from '@logoschool/contract';
import { roleList, text } from '../../i18n/index.ts';
import { composeMail, type ComposedMail } from '../../mail/compose.ts';

/** A time for a reader whose time zone we do not know: in UTC, and saying so. */
export function mailTime(lang: Language, time: Date): string {
  const formatted = new Intl.DateTimeFormat(LANGUAGE_LOCALES[lang], {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(time);
  return `${formatted} UTC`;
}

/** Who and what a mail of this area is about. */
export interface ProjectMailFacts {
  project: string;
  inviter: string;
  roles: readonly RoleName[];
}

/**
 * The invitation mail (spec §3 Invitation): who invites, to what, and the link to accept. Someone
 * who has an account accepts by signing in, anyone else by registering; only this mail tells which.
 */
export function invitationMail(
  lang: Language,
  facts: ProjectMailFacts & { link: string; expiresAt: Date; existingAccount: boolean },
): ComposedMail {
  const params = { project: facts.project, inviter: facts.inviter, roles: roleList(lang, facts.roles) };
  return composeMail(lang, {
    subject: text(lang, 'mail.invite.subject', params),
    paragraphs: [
      text(lang, 'mail.hello'),
      text(lang, 'mail.invite.body', params),
      text(lang, facts.existingAccount ? 'mail.invite.howExisting' : 'mail.invite.how', {
        expires: mailTime(lang, facts.expiresAt),
      }),
    ],
    action: { label: text(lang, 'mail.invite.action'), url: facts.link },
    footer: text(lang, 'mail.invite.footer'),
  });
}
