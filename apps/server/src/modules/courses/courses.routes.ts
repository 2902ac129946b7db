import {
  API,
  DOCUMENT_VERSIONS,
  courseActingQuery,
  courseLessonChangeInput,
  courseListItemSchema,
  courseParams,
  courseSchema,
  courseStartInput,
  courseTemplateInput,
  courseTemplateParams,
  courseTemplateSchema,
  courseTemplatesPageEnvelope,
  courseTemplatesQuery,
  courseTemplateVersionsDiffQuery,
  coursesQuery,
  dataEnvelope,
  documentVersionSchema,
  errorBody,
  versionsDiffSchema,
} from '@logoschool/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actingOf } from '../../access/actor.ts';
import {
  createCourseTemplate,
  deleteCourseTemplate,
  diffCourseTemplateVersions,
  getCourseTemplate,
  listCourseTemplates,
  listCourseTemplateVersions,
  publishCourseTemplate,
  updateCourseTemplate,
} from './course-templates.service.ts';
import {
  applyCourseChange,
  getCourse,
  keepCourseLesson,
  listCourses,
  startCourse,
} from './courses.service.ts';

const errors = { 404: errorBody };

export const courseTemplatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['course templates'];
  const item = `${API.courseTemplates}/:courseTemplateId`;

  app.get(
    API.courseTemplates,
    {
      config: { permission: 'courseTemplates.read' },
      schema: {
        tags,
        summary:
          'A page of the course templates the role reads (moderators every one as written; teachers the published ones), the latest change first',
        querystring: courseTemplatesQuery,
        response: { 200: courseTemplatesPageEnvelope },
      },
    },
    async (request) => listCourseTemplates(app.db, actingOf(request), request.query),
  );

  app.post(
    API.courseTemplates,
    {
      config: { permission: 'courseTemplates.manage' },
      schema: {
        tags,
        summary:
          "A new draft course template; 422 at the field for an exercise that is not the project's accepted one",
        querystring: courseActingQuery,
        body: courseTemplateInput,
        response: { 201: dataEnvelope(courseTemplateSchema) },
      },
    },
    async (request, reply) => {
      const data = await createCourseTemplate(app.db, actingOf(request), request.body);
      return reply.status(201).send({ data });
    },
  );

  app.get(
    item,
    {
      config: { permission: 'courseTemplates.read' },
      schema: {
        tags,
        summary:
          'One course template: moderators its working copy with what they may do; teachers its latest published version (404 before the first)',
        params: courseTemplateParams,
        querystring: courseActingQuery,
        response: { 200: dataEnvelope(courseTemplateSchema), ...errors },
      },
    },
    async (request) => ({
      data: await getCourseTemplate(app.db, actingOf(request), request.params.courseTemplateId),
    }),
  );

  app.put(
    item,
    {
      config: { permission: 'courseTemplates.manage' },
      schema: {
        tags,
        summary:
          'Replaces the working copy; a published template becomes a draft again, its courses keeping their versions',
        params: courseTemplateParams,
        querystring: courseActingQuery,
        body: courseTemplateInput,
        response: { 200: dataEnvelope(courseTemplateSchema), ...errors },
      },
    },
    async (request) => ({
      data: await updateCourseTemplate(
        app.db,
        actingOf(request),
        request.params.courseTemplateId,
        request.body,
      ),
    }),
  );

  app.post(
    `${item}/publish`,
    {
      config: { permission: 'courseTemplates.manage' },
      schema: {
        tags,
        summary:
          'Publishes the working copy as the next version; 409 template_transition_refused when it is published and unchanged',
        params: courseTemplateParams,
        querystring: courseActingQuery,
        response: { 200: dataEnvelope(courseTemplateSchema), 409: errorBody, ...errors },
      },
    },
    async (request) => ({
      data: await publishCourseTemplate(app.db, actingOf(request), request.params.courseTemplateId),
    }),
  );

  app.delete(
    item,
    {
      config: { permission: 'courseTemplates.manage' },
      schema: {
        tags,
        summary: 'Deletes a course template; 409 while courses are made from it',
        params: courseTemplateParams,
        querystring: courseActingQuery,
        response: { 200: dataEnvelope(z.null()), 409: errorBody, ...errors },
      },
    },
    async (request) => {
      await deleteCourseTemplate(app.db, actingOf(request), request.params.courseTemplateId);
      return { data: null };
    },
  );

  app.get(
    `${item}${DOCUMENT_VERSIONS.list}`,
    {
      config: { permission: 'courseTemplates.read' },
      schema: {
        tags,
        summary: 'The published versions of a course template the role reads, the first first',
        params: courseTemplateParams,
        querystring: courseActingQuery,
        response: { 200: dataEnvelope(z.array(documentVersionSchema)), ...errors },
      },
    },
    async (request) => ({
      data: await listCourseTemplateVersions(app.db, actingOf(request), request.params.courseTemplateId),
    }),
  );

  app.get(
    `${item}${DOCUMENT_VERSIONS.diff}`,
    {
      config: { permission: 'courseTemplates.read' },
      schema: {
        tags,
        summary:
          'What changed between two published versions (without `to`: up to what the caller reads now), lesson by lesson; 404 for a version it does not have',
        params: courseTemplateParams,
        querystring: courseTemplateVersionsDiffQuery,
        response: { 200: dataEnvelope(versionsDiffSchema), ...errors },
      },
    },
    async (request) => ({
      data: await diffCourseTemplateVersions(
        app.db,
        actingOf(request),
        request.params.courseTemplateId,
        request.query,
      ),
    }),
  );
};

export const coursesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['courses'];
  const item = `${API.courses}/:courseId`;

  app.get(
    API.courses,
    {
      config: { permission: 'courses.manage' },
      schema: {
        tags,
        summary: "The caller's courses (one plan's with protocol_id), the latest first",
        querystring: coursesQuery,
        response: { 200: dataEnvelope(z.array(courseListItemSchema)) },
      },
    },
    async (request) => ({ data: await listCourses(app.db, actingOf(request), request.query) }),
  );

  app.post(
    API.courses,
    {
      config: { permission: 'courses.manage' },
      schema: {
        tags,
        summary:
          "Starts a course of a published course template's latest version on the caller's plan: its lessons take the plan's free lessons, dated weekly; 404 for another's plan or a template not published, 409 when the plan has a course, is not filled or has too few free lessons, or a date meets a booking",
        querystring: courseActingQuery,
        body: courseStartInput,
        response: { 201: dataEnvelope(courseSchema), 409: errorBody, ...errors },
      },
    },
    async (request, reply) => {
      const data = await startCourse(app.db, actingOf(request), request.body);
      return reply.status(201).send({ data });
    },
  );

  app.get(
    item,
    {
      config: { permission: 'courses.manage' },
      schema: {
        tags,
        summary:
          "One of the caller's courses: its lessons with the themed versions for the child's interests, and the template's changes waiting lesson by lesson",
        params: courseParams,
        querystring: courseActingQuery,
        response: { 200: dataEnvelope(courseSchema), ...errors },
      },
    },
    async (request) => ({ data: await getCourse(app.db, actingOf(request), request.params.courseId) }),
  );

  app.post(
    `${item}/apply`,
    {
      config: { permission: 'courses.manage' },
      schema: {
        tags,
        summary:
          "Applies the template's latest change of one lesson (by key); 409 when none waits, the lesson is held or being regenerated, or no free lesson is left for an added one",
        params: courseParams,
        querystring: courseActingQuery,
        body: courseLessonChangeInput,
        response: { 200: dataEnvelope(courseSchema), 409: errorBody, ...errors },
      },
    },
    async (request) => ({
      data: await applyCourseChange(app.db, actingOf(request), request.params.courseId, request.body.key),
    }),
  );

  app.post(
    `${item}/keep`,
    {
      config: { permission: 'courses.manage' },
      schema: {
        tags,
        summary:
          "Keeps one lesson as the course has it, leaving out the template's latest change of it; 409 when none waits",
        params: courseParams,
        querystring: courseActingQuery,
        body: courseLessonChangeInput,
        response: { 200: dataEnvelope(courseSchema), 409: errorBody, ...errors },
      },
    },
    async (request) => ({
      data: await keepCourseLesson(app.db, actingOf(request), request.params.courseId, request.body.key),
    }),
  );
};
