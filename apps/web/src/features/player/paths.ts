/** A lesson's editor (the lessons feature's screen). */
export const lessonEditorPath = (lessonId: number) => `/edit-lesson/${lessonId}`;

/** The teacher's lessons list. */
export const LESSONS_LIST_PATH = '/lessons-list';
