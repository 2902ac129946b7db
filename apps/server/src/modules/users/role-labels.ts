import type { Language, RoleName } from '@logoschool/contract';

/** Role names as the web app shows them (its `roles.*` keys), for mails and error messages. */
const ROLE_LABELS: Record<RoleName, Record<Language, string>> = {
  root: { uk: 'Суперадміністратор', ru: 'Суперадминистратор', en: 'Super admin', pl: 'Superadministrator' },
  manager: { uk: 'Менеджер', ru: 'Менеджер', en: 'Manager', pl: 'Menedżer' },
  moderator: { uk: 'Модератор', ru: 'Модератор', en: 'Moderator', pl: 'Moderator' },
  author: { uk: 'Автор', ru: 'Автор', en: 'Author', pl: 'Autor' },
  teacher: { uk: 'Логопед', ru: 'Логопед', en: 'Speech therapist', pl: 'Logopeda' },
  admin: { uk: 'Адміністратор', ru: 'Администратор', en: 'Administrator', pl: 'Administrator' },
  diagnostician: { uk: 'Діагност', ru: 'Диагност', en: 'Diagnostician', pl: 'Diagnosta' },
};

/** Role names in a language, as one list. */
export function roleLabels(lang: Language, roles: readonly RoleName[]): string {
  return roles.map((role) => ROLE_LABELS[role][lang]).join(', ');
}
