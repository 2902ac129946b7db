import {
  API,
  type Language,
  type TranslationChange,
  type TranslationDraftInput,
  type TranslationEntry,
  type TranslationFilter,
  type TranslationSummary,
} from '@logoschool/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, callApiPage, request } from '../../../api/client.ts';
import { showPublishedTexts } from '../../../i18n/i18n.ts';
import { saveBlob } from '../../../lib/save-blob.ts';

/** The localization editor's query keys: the texts, their counts, the history. */
export const translationKeys = {
  all: ['translations'] as const,
  list: (query: unknown) => [...translationKeys.all, 'list', query] as const,
  summary: () => [...translationKeys.all, 'summary'] as const,
  history: (query: unknown) => [...translationKeys.all, 'history', query] as const,
};

export interface TranslationsFilter {
  search: string;
  language: Language;
  filter: TranslationFilter;
  page: number;
  per_page: number;
}

/** The texts found, a page at a time. */
export function useTranslations(query: TranslationsFilter) {
  return useQuery({
    queryKey: translationKeys.list(query),
    queryFn: ({ signal }) =>
      callApiPage<TranslationEntry>(API.translations, {
        query: { ...query, search: query.search || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Per language: missing, identical to English, changed, drafted (the tabs' counts, the publish button). */
export function useTranslationSummary() {
  return useQuery({
    queryKey: translationKeys.summary(),
    queryFn: ({ signal }) => callApi<TranslationSummary>(API.translationsSummary, { signal }),
  });
}

/** Saves a text's draft in a language; a refusal lands under its forms (the caller's form shows it). */
export function useSaveDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TranslationDraftInput) =>
      callApi<TranslationEntry>(API.translationDrafts, { method: 'PUT', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: translationKeys.all }),
    meta: { silent: true },
  });
}

/** Drops a text's draft in a language. */
export function useDropDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (query: { language: Language; key: string }) =>
      callApi<TranslationEntry>(API.translationDrafts, { method: 'DELETE', query }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: translationKeys.all }),
  });
}

/** Publishes every draft, then shows the interface in the published texts at once. */
export function usePublish() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      callApi<{ published: number; version: number }>(API.translationsPublish, { method: 'POST' }),
    onSuccess: async () => {
      await showPublishedTexts();
      await queryClient.invalidateQueries({ queryKey: translationKeys.all });
    },
  });
}

/** The published changes, newest first: of one text, or all. */
export function useTranslationHistory(query: { key?: string; page: number; per_page: number }) {
  return useQuery({
    queryKey: translationKeys.history(query),
    queryFn: ({ signal }) => callApiPage<TranslationChange>(API.translationsHistory, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Downloads a language's texts in use as its JSON file. */
export async function exportLanguage(language: Language) {
  const blob = await request<Blob>(`${API.translationsExport}/${language}`, { responseType: 'blob' });
  saveBlob(blob, `logoschool-${language}.json`);
}

/** Makes a language's JSON file into drafts; a refusal names the wrong texts (the dialog shows them). */
export function useImportLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ language, file }: { language: Language; file: unknown }) =>
      callApi<{ drafted: number; unchanged: number }>(`${API.translationsImport}/${language}`, {
        method: 'POST',
        body: file,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: translationKeys.all }),
    meta: { silent: true },
  });
}
