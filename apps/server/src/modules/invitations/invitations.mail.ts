import type { Language, RoleName } from '@logoschool/contract';
import { composeMail, type ComposedMail } from '../../mail/compose.ts';
import { fill } from '../../errors/messages.ts';

type Texts = Record<Language, string>;

/** Role names as the web app shows them (its `roles.*` keys), for mails. */
const ROLE_LABELS: Record<RoleName, Texts> = {
  root: { uk: 'Суперадміністратор', ru: 'Суперадминистратор', en: 'Super admin', pl: 'Superadministrator' },
  manager: { uk: 'Менеджер', ru: 'Менеджер', en: 'Manager', pl: 'Menedżer' },
  moderator: { uk: 'Модератор', ru: 'Модератор', en: 'Moderator', pl: 'Moderator' },
  author: { uk: 'Автор', ru: 'Автор', en: 'Author', pl: 'Autor' },
  teacher: { uk: 'Логопед', ru: 'Логопед', en: 'Speech therapist', pl: 'Logopeda' },
  admin: { uk: 'Адміністратор', ru: 'Администратор', en: 'Administrator', pl: 'Administrator' },
  diagnostician: { uk: 'Діагност', ru: 'Диагност', en: 'Diagnostician', pl: 'Diagnosta' },
};

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
  addedSubject: {
    uk: 'Вас додано до проєкту «{project}» у Logoschool',
    ru: 'Вас добавили в проект «{project}» в Logoschool',
    en: 'You were added to the project “{project}” on Logoschool',
    pl: 'Dodano Cię do projektu „{project}” w Logoschool',
  },
  addedBody: {
    uk: 'Вас додано до проєкту «{project}» з ролями: {roles}. Хто додав: {inviter}.',
    ru: 'Вас добавили в проект «{project}» с ролями: {roles}. Кто добавил: {inviter}.',
    en: 'You were added to the project “{project}” with the roles: {roles}. Added by: {inviter}.',
    pl: 'Dodano Cię do projektu „{project}” z rolami: {roles}. Osoba dodająca: {inviter}.',
  },
  addedHow: {
    uk: 'Увійдіть зі своїм email і паролем та оберіть цей проєкт у перемикачі проєктів.',
    ru: 'Войдите со своим email и паролем и выберите этот проект в переключателе проектов.',
    en: 'Sign in with your email and password and choose this project in the project switcher.',
    pl: 'Zaloguj się swoim adresem e-mail i hasłem, a potem wybierz ten projekt w przełączniku projektów.',
  },
  addedAction: { uk: 'Увійти', ru: 'Войти', en: 'Sign in', pl: 'Zaloguj się' },
} satisfies Record<string, Texts>;

type TextKey = keyof typeof MAIL_TEXTS;

const LOCALES: Record<Language, string> = { uk: 'uk-UA', ru: 'ru-RU', en: 'en-GB', pl: 'pl-PL' };

function say(lang: Language, key: TextKey, params: Record<string, string> = {}): string {
  return fill(MAIL_TEXTS[key][lang], params);
}

/** Role names in a language, as one list. */
export function roleLabels(lang: Language, roles: readonly RoleName[]): string {
  return roles.map((role) => ROLE_LABELS[role][lang]).join(', ');
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

/** The invitation mail (spec §3 Invitation): who invites, to what, and the link to register. */
export function invitationMail(
  lang: Language,
  facts: ProjectMailFacts & { link: string; expiresAt: Date },
): ComposedMail {
  const params = { project: facts.project, inviter: facts.inviter, roles: roleLabels(lang, facts.roles) };
  return composeMail(lang, {
    subject: say(lang, 'inviteSubject', params),
    paragraphs: [
      say(lang, 'hello'),
      say(lang, 'inviteBody', params),
      say(lang, 'inviteHow', { expires: mailTime(lang, facts.expiresAt) }),
    ],
    action: { label: say(lang, 'inviteAction'), url: facts.link },
    footer: say(lang, 'inviteFooter'),
  });
}

/** The notice to an existing user who was added to a project. */
export function addedToProjectMail(lang: Language, facts: ProjectMailFacts & { link: string }): ComposedMail {
  const params = { project: facts.project, inviter: facts.inviter, roles: roleLabels(lang, facts.roles) };
  return composeMail(lang, {
    subject: say(lang, 'addedSubject', params),
    paragraphs: [say(lang, 'hello'), say(lang, 'addedBody', params), say(lang, 'addedHow')],
    action: { label: say(lang, 'addedAction'), url: facts.link },
  });
}
