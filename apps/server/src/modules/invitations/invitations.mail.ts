import type { Language, RoleName } from '@logoschool/contract';
import { composeMail, type ComposedMail } from '../../mail/compose.ts';
import { fill } from '../../errors/messages.ts';
import { roleLabels } from '../users/role-labels.ts';

type Texts = Record<Language, string>;

/** The texts of the mails of this area, by language; `{name}` is filled in. */
export const MAIL_TEXTS = {
  hello: { uk: 'Вітаємо!', ru: 'Здравствуйте!', en: 'Hello!', pl: 'Dzień dobry!' },
  inviteSubject: {
    uk: 'Запрошення до проєкту «{project}» у Logoschool',
    ru: 'Приглашение в проект «{project}» в Logoschool',
    en: 'Invitation to the project “{project}” on Logoschool',
    pl: 'Zaproszenie do projektu „{project}” w Logoschool',
  },
  inviteBody: {
    uk: '{inviter} запрошує вас до проєкту «{project}» у Logoschool з ролями: {roles}.',
    ru: '{inviter} приглашает вас в проект «{project}» в Logoschool с ролями: {roles}.',
    en: '{inviter} invites you to the project “{project}” on Logoschool with the roles: {roles}.',
    pl: '{inviter} zaprasza Cię do projektu „{project}” w Logoschool z rolami: {roles}.',
  },
  inviteHow: {
    uk: 'Щоб прийняти запрошення, відкрийте посилання нижче, введіть своє ім’я та оберіть пароль. Посилання діє до {expires}.',
    ru: 'Чтобы принять приглашение, откройте ссылку ниже, укажите своё имя и придумайте пароль. Ссылка действует до {expires}.',
    en: 'To accept, open the link below, enter your name and choose a password. The link works until {expires}.',
    pl: 'Aby przyjąć zaproszenie, otwórz poniższy link, podaj swoje imię i ustaw hasło. Link jest ważny do {expires}.',
  },
  inviteHowExisting: {
    uk: 'Щоб прийняти запрошення, відкрийте посилання нижче та увійдіть зі своїм email і паролем. Посилання діє до {expires}.',
    ru: 'Чтобы принять приглашение, откройте ссылку ниже и войдите со своим email и паролем. Ссылка действует до {expires}.',
    en: 'To accept, open the link below and sign in with your email and password. The link works until {expires}.',
    pl: 'Aby przyjąć zaproszenie, otwórz poniższy link i zaloguj się swoim adresem e-mail i hasłem. Link jest ważny do {expires}.',
  },
  inviteAction: {
    uk: 'Прийняти запрошення',
    ru: 'Принять приглашение',
    en: 'Accept the invitation',
    pl: 'Przyjmij zaproszenie',
  },
  inviteFooter: {
    uk: 'Якщо ви не очікували цього запрошення, просто проігноруйте цей лист.',
    ru: 'Если вы не ожидали этого приглашения, просто проигнорируйте это письмо.',
    en: 'If you did not expect this invitation, you can ignore this mail.',
    pl: 'Jeśli nie spodziewasz się tego zaproszenia, zignoruj tę wiadomość.',
  },
} satisfies Record<string, Texts>;

type TextKey = keyof typeof MAIL_TEXTS;

const LOCALES: Record<Language, string> = { uk: 'uk-UA', ru: 'ru-RU', en: 'en-GB', pl: 'pl-PL' };

function say(lang: Language, key: TextKey, params: Record<string, string> = {}): string {
  return fill(MAIL_TEXTS[key][lang], params);
}

/** A time for a reader whose time zone we do not know: in UTC, and saying so. */
export function mailTime(lang: Language, time: Date): string {
  const text = new Intl.DateTimeFormat(LOCALES[lang], {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(time);
  return `${text} UTC`;
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
  const params = { project: facts.project, inviter: facts.inviter, roles: roleLabels(lang, facts.roles) };
  return composeMail(lang, {
    subject: say(lang, 'inviteSubject', params),
    paragraphs: [
      say(lang, 'hello'),
      say(lang, 'inviteBody', params),
      say(lang, facts.existingAccount ? 'inviteHowExisting' : 'inviteHow', {
        expires: mailTime(lang, facts.expiresAt),
      }),
    ],
    action: { label: say(lang, 'inviteAction'), url: facts.link },
    footer: say(lang, 'inviteFooter'),
  });
}
