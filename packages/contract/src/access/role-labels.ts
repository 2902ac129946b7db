import type { Language } from '../i18n/languages.ts';
import type { RoleName } from './roles.ts';

/**
 * How each role is named, in every language: the one list both sides read (the web adds it to its
 * texts as `roles.*`, the server to its catalogue for mails and error messages).
 */
export const ROLE_LABELS: Record<RoleName, Record<Language, string>> = {
  root: { uk: 'Суперадміністратор', ru: 'Суперадминистратор', en: 'Super admin', pl: 'Superadministrator' },
  manager: { uk: 'Менеджер', ru: 'Менеджер', en: 'Manager', pl: 'Menedżer' },
  moderator: { uk: 'Модератор', ru: 'Модератор', en: 'Moderator', pl: 'Moderator' },
  author: { uk: 'Автор', ru: 'Автор', en: 'Author', pl: 'Autor' },
  teacher: { uk: 'Логопед', ru: 'Логопед', en: 'Speech therapist', pl: 'Logopeda' },
  admin: { uk: 'Адміністратор', ru: 'Администратор', en: 'Administrator', pl: 'Administrator' },
  diagnostician: { uk: 'Діагност', ru: 'Диагност', en: 'Diagnostician', pl: 'Diagnosta' },
};

/** Every role's name in one language, as an i18next `roles` section. */
export function roleLabelsIn(lang: Language): Record<RoleName, string> {
  return Object.fromEntries(
    Object.entries(ROLE_LABELS).map(([role, labels]) => [role, labels[lang]]),
  ) as Record<RoleName, string>;
}
