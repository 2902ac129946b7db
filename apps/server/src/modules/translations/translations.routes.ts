import {
  API,
  TRANSLATION_IMPORT_MAX_BYTES,
  dataEnvelope,
  errorBody,
  jsonValue,
  languageParams,
  pageEnvelope,
  publishedTextsSchema,
  translationChangeSchema,
  translationDraftInput,
  translationDraftQuery,
  translationEntrySchema,
  translationHistoryQuery,
  translationImportSchema,
  translationPublishSchema,
  translationSummarySchema,
  translationsQuery,
} from '@logoschool/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../auth/authenticate.ts';
import { contentDisposition } from '../../files/content-disposition.ts';
import {
  dropDraft,
  listTranslations,
  publishDrafts,
  publishedTexts,
  saveDraft,
  translationHistory,
  translationSummary,
} from './translations.service.ts';
import { exportLanguage, importLanguage } from './translation-files.service.ts';

const tags = ['translations'];
const config = { permission: 'translations.manage' } as const;

export const translationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API.translations,
    {
      config,
      schema: {
        tags,
        summary:
          'The interface’s texts found by key or by words in any language, each in every language with its forms; filtered in one language (missing, identical to English, changed, drafted)',
        querystring: translationsQuery,
        response: { 200: pageEnvelope(translationEntrySchema) },
      },
    },
    async (request) => listTranslations(app.db, request.query),
  );

  app.get(
    API.translationsSummary,
    {
      config,
      schema: {
        tags,
        summary:
          'Per language: the texts, and how many are missing, identical to English, changed and drafted',
        response: { 200: dataEnvelope(translationSummarySchema) },
      },
    },
    async () => ({ data: await translationSummary(app.db) }),
  );

  app.put(
    API.translationDrafts,
    {
      config,
      schema: {
        tags,
        summary:
          'Saves a text’s draft in one language, every plural form of it, with the English text’s placeholders (a plural form keeps {{count}})',
        body: translationDraftInput,
        response: { 200: dataEnvelope(translationEntrySchema) },
      },
    },
    async (request) => ({
      data: await saveDraft(app.db, request.lang, request.body, requireAuth(request).user.id),
    }),
  );

  app.delete(
    API.translationDrafts,
    {
      config,
      schema: {
        tags,
        summary: 'Drops a text’s draft in one language',
        querystring: translationDraftQuery,
        response: { 200: dataEnvelope(translationEntrySchema), 404: errorBody },
      },
    },
    async (request) => ({ data: await dropDraft(app.db, request.query.language, request.query.key) }),
  );

  app.post(
    API.translationsPublish,
    {
      config,
      schema: {
        tags,
        summary: 'Publishes every draft: the app shows them from its next start, the publisher’s at once',
        response: { 200: dataEnvelope(translationPublishSchema) },
      },
    },
    async (request) => ({ data: await publishDrafts(app.db, requireAuth(request).user.id) }),
  );

  app.get(
    API.translationsHistory,
    {
      config,
      schema: {
        tags,
        summary: 'The published changes, newest first, with who wrote and who published them',
        querystring: translationHistoryQuery,
        response: { 200: pageEnvelope(translationChangeSchema) },
      },
    },
    async (request) => translationHistory(app.db, request.query),
  );

  app.get(
    `${API.translationsExport}/:language`,
    {
      config,
      schema: {
        tags,
        summary: 'A language’s texts in use as one JSON file, nested as the catalogues are',
        params: languageParams,
        response: { 200: jsonValue },
      },
    },
    async (request, reply) => {
      const { language } = request.params;
      return reply
        .header('content-disposition', contentDisposition('attachment', `logoschool-${language}.json`))
        .send(await exportLanguage(app.db, language));
    },
  );

  app.post(
    `${API.translationsImport}/:language`,
    {
      config,
      bodyLimit: TRANSLATION_IMPORT_MAX_BYTES,
      schema: {
        tags,
        summary:
          'Makes a language’s JSON file (whole or in part, nested or by dotted keys) into drafts; refused whole for an unknown key or a text the editor would refuse',
        params: languageParams,
        body: jsonValue,
        response: { 200: dataEnvelope(translationImportSchema), 413: errorBody },
      },
    },
    async (request) => ({
      data: await importLanguage(
        app.db,
        request.lang,
        request.params.language,
        request.body,
        requireAuth(request).user.id,
      ),
    }),
  );

  app.get(
    `${API.texts}/:language`,
    {
      schema: {
        tags,
        summary:
          'The published changes of a language’s interface texts, by key, which the app merges over the texts it ships (anyone: the sign-in page shows them too)',
        params: languageParams,
        response: { 200: dataEnvelope(publishedTextsSchema) },
      },
    },
    async (request, reply) => {
      // Asked again at each start of the app: a publication shows on the next one.
      void reply.header('cache-control', 'no-cache');
      return { data: await publishedTexts(app.db, request.params.language) };
    },
  );
};
