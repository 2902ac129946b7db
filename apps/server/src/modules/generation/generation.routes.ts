import {
  API,
  checkGeneratePresentationInput,
  checkGeneratePresentationResult,
  dataEnvelope,
  errorBody,
  generateByThemeInput,
  generateByWorkspaceInput,
  generatedBulkResult,
  generatedIdsInput,
  generatedListPage,
  generatedListQuery,
  generateVersionsInput,
  generateOnlyNewInput,
  generationActingQuery,
  generationRunParams,
  generationRunSchema,
  generationRunsQuery,
  generationStatsSchema,
  type GenerationRun,
  refreshForReportsInput,
} from '@logoschool/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actingOf } from '../../access/actor.ts';
import { deleteVersions, generationStats, listGenerated } from './generated-list.service.ts';
import {
  getRun,
  listRuns,
  requestByTheme,
  requestByWorkspace,
  requestGenerate,
  requestOnlyNew,
  requestRefresh,
  requestRefreshForReports,
} from './generation.service.ts';
import { checkGeneratePresentation } from './version-check.service.ts';

const tags = ['generation'];
const config = { permission: 'exercises.generate' } as const;
const queued = { 202: dataEnvelope(generationRunSchema), 404: errorBody, 422: errorBody };

/**
 * The generated list and the generation jobs (issue 30 item 3, spec §7 generator paths,
 * `/exercises/generated`, `/check-generate-presentation`): a moderator's work.
 */
export const generationListRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API.generatedList,
    {
      config,
      schema: {
        tags,
        summary:
          'A page of the project’s themed versions, newest first: of one theme it sees (`theme_id`), in one state (`state`: editable, read_only, overflow, excluded), searched by the exercise’s title; `meta.counts` has every state’s count',
        querystring: generatedListQuery,
        response: { 200: generatedListPage, 404: errorBody },
      },
    },
    async (request) => listGenerated(app.db, actingOf(request), request.query),
  );

  const run = (
    path: string,
    summary: string,
    body: z.ZodType,
    start: (request: { body: never; caller: ReturnType<typeof actingOf> }) => Promise<GenerationRun>,
  ) =>
    app.post(
      path,
      { config, schema: { tags, summary, querystring: generationActingQuery, body, response: queued } },
      async (request, reply) =>
        reply
          .status(202)
          .send({ data: await start({ body: request.body as never, caller: actingOf(request) }) }),
    );

  run(
    API.generatorGenerate,
    'Queues the named exercises’ versions for a ready theme as a job; 202 with the run. 404 when an exercise or the theme is not the project’s; 422 when the theme is not ready',
    generateVersionsInput,
    ({ body, caller }) => requestGenerate(app.db, app.jobs, caller, body),
  );
  run(
    API.generatorByTheme,
    'Queues every ready exercise’s version for a ready theme (read-only versions are kept) as a job; 202 with the run',
    generateByThemeInput,
    ({ body, caller }) => requestByTheme(app.db, app.jobs, caller, body),
  );
  run(
    API.generatorOnlyNew,
    'Queues only the versions not made yet, for a ready theme or (no `theme_id`) every ready theme; 202 with the run',
    generateOnlyNewInput,
    ({ body, caller }) => requestOnlyNew(app.db, app.jobs, caller, body),
  );
  run(
    API.generatorByWorkspace,
    'Queues every ready exercise’s version for every ready theme of the project; 202 with the run',
    generateByWorkspaceInput,
    ({ caller }) => requestByWorkspace(app.db, app.jobs, caller),
  );
  run(
    API.generatorRefresh,
    'Queues the named versions (up to 200) to be made again, read-only ones kept; all or nothing (404 when one is not the project’s); 202 with the run',
    generatedIdsInput,
    ({ body, caller }) => requestRefresh(app.db, app.jobs, caller, body),
  );
  run(
    API.generatorRefreshForReports,
    'Queues every version of the named exercises (a report got them fixed) to be made again; 202 with the run',
    refreshForReportsInput,
    ({ body, caller }) => requestRefreshForReports(app.db, app.jobs, caller, body),
  );

  app.post(
    API.generatorDelete,
    {
      config,
      schema: {
        tags,
        summary:
          'Removes the named versions (up to 200, read-only ones too) and their files in one call; all or nothing (404 when one is not the project’s)',
        querystring: generationActingQuery,
        body: generatedIdsInput,
        response: { 200: dataEnvelope(generatedBulkResult), 404: errorBody },
      },
    },
    async (request) => ({
      data: await deleteVersions(app.db, app.files, actingOf(request), request.body.generated_ids),
    }),
  );

  app.get(
    API.generatorRuns,
    {
      config,
      schema: {
        tags,
        summary:
          'The project’s latest 20 generation runs (of a theme, when named), newest first, with their progress',
        querystring: generationRunsQuery,
        response: { 200: dataEnvelope(z.array(generationRunSchema)) },
      },
    },
    async (request) => ({ data: await listRuns(app.db, actingOf(request), request.query.theme_id) }),
  );

  app.get(
    `${API.generatorRuns}/:runId`,
    {
      config,
      schema: {
        tags,
        summary: 'One generation run of the project with its progress (made, kept, failed of total)',
        params: generationRunParams,
        querystring: generationActingQuery,
        response: { 200: dataEnvelope(generationRunSchema), 404: errorBody },
      },
    },
    async (request) => ({ data: await getRun(app.db, actingOf(request), request.params.runId) }),
  );

  app.get(
    API.generatorGeneralStats,
    {
      config,
      schema: {
        tags,
        summary:
          'The project’s generation figures (versions, read-only, overflowing, failed, ready exercises and themes) and each theme’s',
        querystring: generationActingQuery,
        response: { 200: dataEnvelope(generationStatsSchema) },
      },
    },
    async (request) => ({ data: await generationStats(app.db, actingOf(request)) }),
  );

  app.post(
    API.checkGeneratePresentation,
    {
      config,
      schema: {
        tags,
        summary:
          'Checks a version’s text boxes with the theme’s names filled in and keeps the result; answers the first box that overflows (its slide, text and lines), or null',
        querystring: generationActingQuery,
        body: checkGeneratePresentationInput,
        response: { 200: dataEnvelope(checkGeneratePresentationResult), 404: errorBody },
      },
    },
    async (request) => ({
      data: await checkGeneratePresentation(app.db, app.files, actingOf(request), request.body.generated_id),
    }),
  );
};
