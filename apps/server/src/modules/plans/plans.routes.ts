import {
  API,
  dataEnvelope,
  errorBody,
  lessonMoveInput,
  planActingQuery,
  planCreateInput,
  planScheduleInput,
  planScheduleSchema,
  planInput,
  planParams,
  planSchema,
  planTemplateUpdateInput,
  plansPageEnvelope,
  plansQuery,
} from '@logoschool/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actingOf } from '../../access/actor.ts';
import { moveLesson, scheduleLessons } from './plan-schedule.service.ts';
import {
  createPlan,
  deletePlan,
  getPlan,
  listPlans,
  takeTemplateUpdate,
  updatePlan,
  type PlanCaller,
} from './plans.service.ts';

const tags = ['plans'];
const item = `${API.protocols}/:protocolId`;
const errors = { 404: errorBody };

/** The caller with the time zone its query names (UTC when none). */
function planCaller(request: FastifyRequest): PlanCaller {
  const { time_zone: timeZone } = request.query as { time_zone?: string };
  return { ...actingOf(request), timeZone: timeZone ?? 'UTC' };
}

export const plansRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API.protocols,
    {
      config: { permission: 'plans.manage' },
      schema: {
        tags,
        summary:
          "The teacher's plans, filtered all / toFill / expired / filled (spec §4; the status judged in `time_zone`), the nearest deadline first",
        querystring: plansQuery,
        response: { 200: plansPageEnvelope },
      },
    },
    async (request) => listPlans(app.db, planCaller(request), request.query),
  );

  app.post(
    API.protocols,
    {
      config: { permission: 'plans.manage' },
      schema: {
        tags,
        summary:
          "A plan of ten lessons for one of the teacher's students from a template's latest published version; every block waits for its folder",
        querystring: planActingQuery,
        body: planCreateInput,
        response: { 201: dataEnvelope(planSchema) },
      },
    },
    async (request, reply) => {
      const data = await createPlan(app.db, planCaller(request), request.body);
      return reply.status(201).send({ data });
    },
  );

  app.get(
    item,
    {
      config: { permission: 'plans.manage' },
      schema: {
        tags,
        summary: 'One of the teacher’s plans, with its blocks, the folders each offers and the one picked',
        params: planParams,
        querystring: planActingQuery,
        response: { 200: dataEnvelope(planSchema), ...errors },
      },
    },
    async (request) => ({ data: await getPlan(app.db, planCaller(request), request.params.protocolId) }),
  );

  app.put(
    item,
    {
      config: { permission: 'plans.manage' },
      schema: {
        tags,
        summary:
          'Saves the deadline and every block’s folder and bounds (within the template’s); refused while a block has no folder (spec §5)',
        params: planParams,
        querystring: planActingQuery,
        body: planInput,
        response: { 200: dataEnvelope(planSchema), ...errors },
      },
    },
    async (request) => ({
      data: await updatePlan(app.db, planCaller(request), request.params.protocolId, request.body),
    }),
  );

  app.post(
    `${item}/template-update`,
    {
      config: { permission: 'plans.manage' },
      schema: {
        tags,
        summary:
          "The teacher's answer to the template's latest published version (the one named, else 409 template_version_changed): `apply` (the default) takes it, kept blocks keeping their folder and bounds where the new version allows and new blocks waiting for a folder; `keep` leaves the plan as it is and marks that version kept (`template_update_kept`)",
        params: planParams,
        querystring: planActingQuery,
        body: planTemplateUpdateInput,
        response: { 200: dataEnvelope(planSchema), 409: errorBody, ...errors },
      },
    },
    async (request) => ({
      data: await takeTemplateUpdate(app.db, planCaller(request), request.params.protocolId, request.body),
    }),
  );

  app.post(
    `${item}/schedule`,
    {
      config: { permission: 'plans.manage' },
      schema: {
        tags,
        summary:
          'Dates the plan’s lessons in one step, in their order: weekly on the weekdays named (1 Monday … 7 Sunday) at the time in the time zone, from the start date on; those without a date (`undated`) or every one not held (`not_held`); 409 `lesson_overlaps_booking` when one would fall on a booking of the teacher',
        params: planParams,
        querystring: planActingQuery,
        body: planScheduleInput,
        response: { 200: dataEnvelope(planScheduleSchema), 409: errorBody, ...errors },
      },
    },
    async (request) => ({
      data: await scheduleLessons(app.db, actingOf(request), request.params.protocolId, request.body),
    }),
  );

  app.post(
    `${item}/move-lesson`,
    {
      config: { permission: 'plans.manage' },
      schema: {
        tags,
        summary:
          'Moves one lesson of the plan to another day and time in the time zone; the others keep theirs; 409 `lesson_overlaps_booking` over a booking of the teacher',
        params: planParams,
        querystring: planActingQuery,
        body: lessonMoveInput,
        response: { 200: dataEnvelope(planScheduleSchema), 409: errorBody, ...errors },
      },
    },
    async (request) => ({
      data: await moveLesson(app.db, actingOf(request), request.params.protocolId, request.body),
    }),
  );

  app.delete(
    item,
    {
      config: { permission: 'plans.manage' },
      schema: {
        tags,
        summary: 'Deletes one of the teacher’s plans',
        params: planParams,
        querystring: planActingQuery,
        response: { 200: dataEnvelope(z.null()), ...errors },
      },
    },
    async (request) => {
      await deletePlan(app.db, actingOf(request), request.params.protocolId);
      return { data: null };
    },
  );
};
