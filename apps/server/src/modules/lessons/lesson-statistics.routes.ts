import {
  API,
  dataEnvelope,
  errorBody,
  lessonActingQuery,
  lessonDaySchema,
  lessonSeriesQuery,
  lessonStatisticSchema,
  lessonStatisticsQuery,
  remoteLessonsEnvelope,
  remoteLessonsQuery,
  teacherLessonStatisticSchema,
  trackLessonInput,
} from '@logoschool/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actingOf } from '../../access/actor.ts';
import { contentDisposition } from '../../files/content-disposition.ts';
import { crmOf } from '../crm/index.ts';
import {
  dailyStatistics,
  teacherStatistics,
  teacherStatisticsCsv,
  trackLesson,
} from './lesson-statistics.service.ts';
import { remoteRangeLessons } from './remote-lessons.service.ts';

const tags = ['lessons'];
const RANGE =
  'Days `from` to `to` (both included, at most 366 days), judged in `time_zone` (UTC when absent); a lesson counts on the day it started.';

/** Lessons held (issue 15 items 7 and 3): the player's tracking, the managers' report, the CRM's range. */
export const lessonStatisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    API.trackLessonStatistic,
    {
      config: { permission: 'lessons.manage' },
      schema: {
        tags,
        summary:
          'The player opened (`start`) or left (`end`) one of the teacher’s lessons: its start, end, minutes and marks are kept; 409 once it is finished',
        querystring: lessonActingQuery,
        body: trackLessonInput,
        response: { 200: dataEnvelope(lessonStatisticSchema), 404: errorBody, 409: errorBody },
      },
    },
    async (request) => ({ data: await trackLesson(app.db, actingOf(request), request.body) }),
  );

  app.get(
    API.lessonStatisticAll,
    {
      config: { permission: 'lessonStatistics.read' },
      schema: {
        tags,
        summary: `The project's lessons held per teacher (held, finished, minutes, students, marks), the most held first; a lesson is held once finished or once a trial is marked in it, never when the player was only opened. ${RANGE}`,
        querystring: lessonStatisticsQuery,
        response: { 200: dataEnvelope(z.array(teacherLessonStatisticSchema)) },
      },
    },
    async (request) => ({
      data: await teacherStatistics(app.db, actingOf(request).workspaceId, request.query),
    }),
  );

  app.get(
    API.lessonStatisticAllCsv,
    {
      config: { permission: 'lessonStatistics.read' },
      schema: {
        tags,
        summary: `The same rows as \`${API.lessonStatisticAll}\` as a CSV file, UTF-8 with a byte-order mark: the headers in the request's language, each row the range's days and the teacher's name. ${RANGE}`,
        querystring: lessonStatisticsQuery,
        produces: ['text/csv'],
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const rows = await teacherStatistics(app.db, actingOf(request).workspaceId, request.query);
      const { from, to } = request.query;
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          contentDisposition('attachment', `lesson-statistics-${from}-${to}.csv`),
        )
        .send(teacherStatisticsCsv(rows, request.lang, request.query));
    },
  );

  app.get(
    API.lessonStatisticByTeacher,
    {
      config: { permission: 'lessonStatistics.read' },
      schema: {
        tags,
        summary: `Lessons held and their minutes per day (every day, zeros included): the teacher's that \`teacher_id\` names, or the whole project's. ${RANGE}`,
        querystring: lessonSeriesQuery,
        response: { 200: dataEnvelope(z.array(lessonDaySchema)) },
      },
    },
    async (request) => ({
      data: await dailyStatistics(app.db, actingOf(request).workspaceId, request.query),
    }),
  );

  app.get(
    API.remoteRangeLessons,
    {
      config: { crm: true },
      schema: {
        tags: ['crm'],
        summary:
          "A page of the project's lessons starting within a range of days, the earliest first, with the student's remote id and the teacher's e-mail",
        description: `Called by the school's CRM with the project's CRM token (\`Authorization: Bearer lgs_…\`, made by root or an admin of the project), never with a user's session. ${RANGE}`,
        querystring: remoteLessonsQuery,
        response: { 200: remoteLessonsEnvelope },
      },
    },
    async (request) => remoteRangeLessons(app.db, crmOf(request).workspaceId, request.query),
  );
};
