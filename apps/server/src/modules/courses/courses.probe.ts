import { API } from '@logoschool/contract';
import type { AreaProbe } from '../../test/area-probes.ts';

/**
 * What the courses area adds to the API probes' project (`test/area-probes.ts`): a published
 * course template of one lesson presenting the project's exercise, by the moderator, which
 * `:courseTemplateId` and `course_template_id` name; and the teacher's course of it on the
 * project's plan, which `:courseId` names.
 */
export const probe: AreaProbe = {
  objects: {
    courseTemplate: async ({ call, marker, built }) => {
      const made = await call('moderator', 'POST', `/api${API.courseTemplates}`, {
        name: `${marker} Course`,
        description: `${marker} description`,
        language: 'en',
        lessons: [
          {
            title: `${marker} Lesson`,
            description_teacher: `${marker} note`,
            exercise_ids: [built.exercise],
          },
        ],
      });
      if (made.statusCode !== 201) throw new Error(`course template: ${made.statusCode} ${made.body}`);
      const id = (made.json() as { data: { id: number } }).data.id;
      const published = await call('moderator', 'POST', `/api${API.courseTemplates}/${id}/publish`);
      if (published.statusCode !== 200)
        throw new Error(`course template: ${published.statusCode} ${published.body}`);
      return id;
    },
    course: async ({ call, built }) => {
      const started = await call('teacher', 'POST', `/api${API.courses}`, {
        protocol_id: built.protocol,
        course_template_id: built.courseTemplate,
        weekdays: [2],
        time: '10:00',
        start_date: '2099-01-01',
        time_zone: 'UTC',
      });
      if (started.statusCode !== 201) throw new Error(`course: ${started.statusCode} ${started.body}`);
      return (started.json() as { data: { id: number } }).data.id;
    },
  },
  pathParams: { courseTemplateId: 'courseTemplate', courseId: 'course' },
  bodyFields: { course_template_id: 'courseTemplate' },
};
