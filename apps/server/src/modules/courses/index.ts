/**
 * Course templates and the students' courses made from them (issue 30 item 2).
 */
import type { AppModule } from '../module.ts';
import { courseTemplatesRoutes, coursesRoutes } from './courses.routes.ts';

export const coursesModule: AppModule = {
  name: 'courses',
  routes: [courseTemplatesRoutes, coursesRoutes],
};

export { createCourseTemplate, publishCourseTemplate } from './course-templates.service.ts';
export { startCourse } from './courses.service.ts';
