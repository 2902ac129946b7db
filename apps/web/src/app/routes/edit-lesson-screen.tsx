import type { Lesson } from '@logoschool/contract';
import { EditLessonPage } from '../../features/lessons/edit-lesson-page.tsx';
import { PracticeAssignSection } from '../../features/practice/components/practice-assign-section.tsx';

const homePractice = (lesson: Lesson) => <PracticeAssignSection lesson={lesson} />;

/** /edit-lesson/:lessonId?: the lesson's editor and, under it, its home practice for the family. */
export function EditLessonScreen() {
  return <EditLessonPage extra={homePractice} />;
}

export default EditLessonScreen;
