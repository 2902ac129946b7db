import { TemplatesPage } from './templates-page.tsx';

/** /protocols-templates-teacher: the templates screen for a teacher (see `TemplatesPage`). */
export function TeacherTemplatesPage() {
  return <TemplatesPage audience="teacher" />;
}

export default TeacherTemplatesPage;
