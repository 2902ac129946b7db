import { API } from '@logoschool/contract';
import type { AreaProbe } from '../../test/area-probes.ts';

/**
 * What the courses area adds to the API probes' project (`test/area-probes.ts`): a published
 * course template of one lesson presenting the project's exercise, by the moderator, which
 * `:courseTemplateId` and `course_template_id` name; and the teacher's course of it on a plan
 * whose block's folder holds that exercise (a course lesson keeps its plan's rules), which
 * `:courseId` names.
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
    course: async ({ call, marker, workspaceId, built }) => {
      const ok = async (response: Awaited<ReturnType<typeof call>>, what: string, status = 200) => {
        if (response.statusCode !== status)
          throw new Error(`${what}: ${response.statusCode} ${response.body}`);
        return (response.json() as { data: Record<string, unknown> }).data;
      };
      // A course lesson keeps its plan's rules: its exercise must sit in a block's folder. So the
      // project's exercise goes into a category under a new folder, and a plan of a template whose
      // one block (one presentation) takes that folder takes the course.
      const categories = `/api/workspaces/${workspaceId}/categories`;
      const block = await ok(
        await call('moderator', 'POST', categories, {
          workspace_id: workspaceId,
          name: `${marker} Course block`,
          parent: 0,
        }),
        'course block',
        201,
      );
      const folder = await ok(
        await call('moderator', 'POST', categories, {
          workspace_id: workspaceId,
          name: `${marker} Course folder`,
          parent: block.id,
          is_folder: true,
        }),
        'course folder',
        201,
      );
      const leaf = await ok(
        await call('moderator', 'POST', categories, {
          workspace_id: workspaceId,
          name: `${marker} Course leaf`,
          parent: folder.id,
        }),
        'course leaf',
        201,
      );
      await ok(
        await call('moderator', 'PUT', `/api${API.exercises}/${built.exercise}`, {
          category_id: leaf.id,
          tag_ids: [built.tag],
        }),
        'exercise placed',
      );
      const template = await ok(
        await call('moderator', 'POST', '/api/templates', {
          title: `${marker} Course plan`,
          description: `${marker} description`,
          blocks: [
            {
              target: `${marker} Target`,
              category_id: block.id,
              min_presentations: 1,
              max_presentations: 1,
              folders: [{ category_id: folder.id }],
            },
          ],
        }),
        'course plan template',
        201,
      );
      await ok(
        await call('moderator', 'POST', `/api/templates/${template.id}/review`, { action: 'publish' }),
        'course plan template published',
      );
      const plan = await ok(
        await call('teacher', 'POST', '/api/protocols', {
          client_id: built.client,
          template_id: template.id,
          deadline: '2099-12-31',
        }),
        'course plan',
        201,
      );
      const [planBlock] = plan.blocks as { key: string }[];
      await ok(
        await call('teacher', 'PUT', `/api/protocols/${plan.id}`, {
          deadline: '2099-12-31',
          blocks: [{ key: planBlock?.key, folder_id: folder.id, min_presentations: 1, max_presentations: 1 }],
        }),
        'course plan filled',
      );
      const started = await call('teacher', 'POST', `/api${API.courses}`, {
        protocol_id: plan.id,
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
