import type { Language, SlotsQuery } from '@logoschool/contract';

/** The appointment pages' query keys: the slots are read again whenever the page asks for them. */
export const appointmentKeys = {
  all: ['appointment'] as const,
  slots: (token: string, query: SlotsQuery, language: Language) =>
    [...appointmentKeys.all, 'slots', token, query, language] as const,
  moveSlots: (token: string, language: Language) =>
    [...appointmentKeys.all, 'move-slots', token, language] as const,
};
