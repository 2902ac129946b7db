import {
  API,
  dataEnvelope,
  errorBody,
  finishLessonInput,
  generateLessonInput,
  generatePlanInput,
  planFillResultSchema,
  planSupplyQuery,
  planSupplySchema,
  lessonActingQuery,
  lessonCheckQuery,
  lessonCheckSchema,
  lessonFromProgramInput,
  lessonFromProgramResultSchema,
  lessonInput,
  lessonParams,
  lessonSchema,
  lessonsPageEnvelope,
  lessonsQuery,
} from '@logoschool/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actingOf } from '../../access/actor.ts';
import { finishLesson, updateLesson } from './lesson-commands.ts';
import { fillLesson, fillPlanLessons, planSupplyOf } from './lesson-fill-commands.ts';
import { lessonFromProgram } from './lesson-from-program.ts';
import { checkLesson, getLesson, listLessons, type LessonCaller } from './lesson-queries.ts';

const tags = ['lessons'];
const item = `${API.lesson}/:lessonId`;
const errors = { 404: errorBody };
const conflicts = { 404: errorBody, 409: errorBody };

/** The caller with the time zone its query names (UTC when none). */
function lessonCaller(request: FastifyRequest): LessonCaller {
  const { time_zone: timeZone } = request.query as { time_zone?: string };
  return { ...actingOf(request), timeZone: timeZone ?? 'UTC' };
}

export const lessonsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API.lessons,
    {
      config: { permission: 'lessons.manage' },
      schema: {
        tags,
        summary:
          "The teacher's lessons, the earliest first (undated last), by `week` (the week holding the day, Monday first, in `time_zone`), `status`, plan and student; a filled plan's ten lessons are made on the first call",
        querystring: lessonsQuery,
        response: { 200: lessonsPageEnvelope },
      },
    },
    async (request) => listLessons(app.db, lessonCaller(request), request.query),
  );

  app.get(
    API.lessonsCheck,
    {
      config: { permission: 'lessons.manage' },
      schema: {
        tags,
        summary:
          'Whether a lesson keeps the rules of spec §5 (`valid`) and can be held (`ready`: valid, dated, not being regenerated or finished), and what each block lacks',
        querystring: lessonCheckQuery,
        response: { 200: dataEnvelope(lessonCheckSchema), ...errors },
      },
    },
    async (request) => ({ data: await checkLesson(app.db, actingOf(request), request.query.lesson_id) }),
  );

  app.post(
    API.lessonFinish,
    {
      config: { permission: 'lessons.manage' },
      schema: {
        tags,
        summary:
          'Finishes a lesson; the presentations whose exercise is not in `reached` move to the plan’s next lesson in the same transaction, or nothing changes (409 `lesson_transfer_failed`, spec §8)',
        querystring: lessonActingQuery,
        body: finishLessonInput,
        response: { 200: dataEnvelope(lessonSchema), ...conflicts },
      },
    },
    // Open child's screens of the lesson say at once that the session ended (the lessons table's
    // trigger tells them, decision 048).
    async (request) => ({ data: await finishLesson(app.db, actingOf(request), request.body, request.log) }),
  );

  app.get(
    item,
    {
      config: { permission: 'lessons.manage' },
      schema: {
        tags,
        summary: 'One of the teacher’s lessons, block by block with its presentations',
        params: lessonParams,
        querystring: lessonActingQuery,
        response: { 200: dataEnvelope(lessonSchema), ...errors },
      },
    },
    async (request) => ({ data: await getLesson(app.db, actingOf(request), request.params.lessonId) }),
  );

  app.put(
    item,
    {
      config: { permission: 'lessons.manage' },
      schema: {
        tags,
        summary:
          'Saves a lesson’s date, length and presentations; 422 naming the block for each rule of spec §5, 409 while it is being regenerated (spec §8), once finished, or `lesson_overlaps_booking` for a new time the teacher has booked',
        params: lessonParams,
        querystring: lessonActingQuery,
        body: lessonInput,
        response: { 200: dataEnvelope(lessonSchema), ...conflicts },
      },
    },
    async (request) => ({
      data: await updateLesson(app.db, actingOf(request), request.params.lessonId, request.body),
    }),
  );

  app.post(
    API.exercisesGenerateLesson,
    {
      config: { permission: 'lessons.manage' },
      schema: {
        tags,
        summary:
          'Fills a lesson from its blocks’ folders within each block’s bounds and the plan’s usage frequencies, keeping what it holds unless `replace`; 409 `lesson_cannot_fill` naming a block whose folder cannot give its minimum',
        querystring: lessonActingQuery,
        body: generateLessonInput,
        response: { 200: dataEnvelope(lessonSchema), ...conflicts },
      },
    },
    async (request) => ({ data: await fillLesson(app.db, actingOf(request), request.body) }),
  );

  app.post(
    API.exercisesGeneratePlan,
    {
      config: { permission: 'lessons.manage' },
      schema: {
        tags,
        summary:
          'Fills every lesson of the plan not held yet (nor being regenerated), each block’s minimum in every lesson before any gets more, within the plan’s usage frequencies; a lesson that would stay below a minimum is left as it was and named with the fix; 409 `lesson_cannot_fill` when none could be filled',
        querystring: lessonActingQuery,
        body: generatePlanInput,
        response: { 200: dataEnvelope(planFillResultSchema), ...conflicts },
      },
    },
    async (request) => ({ data: await fillPlanLessons(app.db, actingOf(request), request.body) }),
  );

  app.get(
    API.lessonsPlanSupply,
    {
      config: { permission: 'lessons.manage' },
      schema: {
        tags,
        summary:
          'Before filling: the plan’s lessons still to fill and, per block whose folder cannot give each its minimum, which lessons would stay short, the need against the supply, and what would fix it',
        querystring: planSupplyQuery,
        response: { 200: dataEnvelope(planSupplySchema), 404: errorBody },
      },
    },
    async (request) => ({
      data: await planSupplyOf(app.db, actingOf(request), request.query.protocol_id),
    }),
  );

  app.post(
    `${item}/from-program`,
    {
      config: { permission: 'lessons.manage' },
      schema: {
        tags,
        summary:
          'Puts a recommended program’s exercises into the lesson’s blocks whose folders hold them, within each block’s maximum and the plan’s usage frequencies; answers the lesson, what was placed and what did not fit and why',
        params: lessonParams,
        querystring: lessonActingQuery,
        body: lessonFromProgramInput,
        response: { 200: dataEnvelope(lessonFromProgramResultSchema), ...conflicts },
      },
    },
    async (request) => ({
      data: await lessonFromProgram(
        app.db,
        actingOf(request),
        request.params.lessonId,
        request.body.program_id,
      ),
    }),
  );
};
