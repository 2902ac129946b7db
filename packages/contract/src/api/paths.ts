/** API paths (spec §7), relative to the API base `/api`. Later areas add theirs. */
export const API_BASE = '/api';

export const API = {
  health: '/health',
  appConfig: '/app-config',
  login: '/login',
  logout: '/logout',
  checkToken: '/check-token',
  loginAsUser: '/login-as-user',
  storage: '/storage',
  workspaces: '/workspaces',
  archivedWorkspaces: '/workspaces/archived',
  auditLog: '/audit-log',
  dashboard: '/dashboard',
  profile: '/users/profile',
  users: '/users',
  usersExport: '/users/export.csv',
  user: '/users/user',
  userRemoveRole: '/users/user/remove-role',
  userEnvironment: '/users/user/environment',
  clients: '/clients',
  /** Students from the rows of a CSV file (`POST`, teacher): created, or updated by remote id. */
  clientsImport: '/clients/import',
  /** The teacher's students that look like one about to be saved (same child and birthdate, or e-mail). */
  clientDuplicates: '/clients/duplicates',
  /** CRM token (spec §7): a page of the project's students that have a remote id. */
  remoteClients: '/clients/get-remote-clients',
  /** CRM token: `GET ?remote_id=` one student with their plans; `PUT` creates or updates one by remote id. */
  clientByRemoteId: '/get-client-by-remote-id',
  /** CRM token: `GET ?remote_id=` a student's plans (spec §7 /get-plans). */
  getPlans: '/get-plans',
  /** Copies a student with their plans to another teacher (spec §7); `…/teachers`: to whom. */
  replicateClient: '/replicate-client',
  replicateClientTeachers: '/replicate-client/teachers',
  /** A project's CRM token under the project: `inWorkspace(id, API.crmToken)`; GET, POST, DELETE. */
  crmToken: '/crm-token',
  invitations: '/invitations',
  invite: '/invitations/invite',
  inviteSend: '/invitations/invite/send',
  inviteExistingUser: '/invitations/invite/existing-user',
  inviteAccept: '/invitations/invite/accept',
  /** An invited address that has an account accepts by signing in. */
  inviteAcceptSignIn: '/invitations/invite/accept/sign-in',
  mails: '/mails',
  /** Under a project: `inWorkspace(workspaceId, API.categories)`. */
  categories: '/categories',
  /** Under a project: `inWorkspace(workspaceId, API.tags)`. */
  tags: '/tags',
  avatars: '/files/avatars',
  /** Exercises; the project in the query (`workspace_id`, `role_id`). One: `/exercises/:id`. */
  exercises: '/exercises',
  exercisesForAuthor: '/exercises/for-author',
  /** The people the exercises a role reads are by (spec §5 author filter): `GET`, the project in the query. */
  exercisesAuthors: '/exercises/authors',
  /** The people the author's own list (`for-author`) is by. */
  exercisesForAuthorAuthors: '/exercises/for-author/authors',
  exercisesForTeacher: '/exercises/for-teacher',
  exercisesLatest: '/exercises/latest',
  exercisesStats: '/exercises/stats',
  exercisesBulkToggle: '/exercises/bulk/toggle',
  exercisesBulkDelete: '/exercises/bulk/delete',
  /** Themed variants: `GET`/`DELETE /exercises/generated/:id`, `GET …/:id/file`; an exercise's: `/exercises/:id/generated`. */
  exercisesGenerated: '/exercises/generated',
  /** Sets `read_only` on themed variants (spec §7 "toggle (generated read-only)"). */
  exercisesGeneratedToggle: '/exercises/generated/toggle',
  /** The generated list (issue 30): `GET /exercises/generated?theme_id=&state=&term=&page=`. */
  generatedList: '/exercises/generated',
  /** Generation runs as jobs (spec §7 generator paths), each `POST`; a run: `GET /generator/runs/:runId`. */
  generatorGenerate: '/generator/generate',
  generatorDelete: '/generator/delete',
  generatorRefresh: '/generator/refresh',
  generatorOnlyNew: '/generator/only-new',
  generatorByWorkspace: '/generator/by-workspace',
  generatorByTheme: '/generator/by-theme',
  generatorRefreshForReports: '/generator/refresh-for-reports',
  generatorGeneralStats: '/generator/general-stats',
  generatorRuns: '/generator/runs',
  /** Checks a version's text boxes once the names are filled in (`POST { generated_id }`). */
  checkGeneratePresentation: '/check-generate-presentation',
  /** Renders a deck's slide images again (spec §7 `files/actualize-file`). */
  exercisesActualizeFile: '/exercises/files/actualize-file',
  /** The project's auto-moderation settings (GET, PUT); the project in the query. */
  exercisesAutoModeration: '/exercises/auto-moderation',
  /** Interests; the project in the query (`workspace_id`, `role_id`). `/themes/:id/assets`: `themeAssetsPath`. */
  themes: '/themes',
  themesToggleReady: '/themes/toggle-ready',
  themesStatistic: '/themes/statistic',
  /** The shared asset library (not tied to a project). */
  assets: '/assets',
  /** One file of an asset: `POST` adds, `DELETE /medias/:id` removes. */
  medias: '/medias',
  /** `GET /file/download/:fileId`: an asset file's bytes. */
  fileDownload: '/file/download',
  /**
   * Protocol templates; the project in the query. One: `/templates/:id`, its status:
   * `/templates/:id/status`, its versions: `/templates/:id` + `DOCUMENT_VERSIONS`.
   */
  templates: '/templates',
  /** A teacher's plans (protocols) for their students; the project in the query. One: `/protocols/:id`. */
  protocols: '/protocols',
  /** Mails a plan's public link to the parent (teacher): `POST { protocol_id, email? }`. */
  sendPlan: '/send-plan',
  /** The plan for the parents by its public link's token (public): `GET /show-plan/:token`. */
  showPlan: '/show-plan',
  /** One of the teacher's lessons: `GET`, `PUT /lesson/:lessonId`; the project in the query. */
  lesson: '/lesson',
  /** Finishes a lesson, moving what was not reached to the next (`POST { lesson_id, reached }`). */
  lessonFinish: '/lesson/finish',
  /** A lesson's story parts: `/lesson/:lessonId/story-parts` (add), `…/story-parts/:partId` (remove). */
  lessonStoryParts: '/story-parts',
  /** The teacher's lessons by week, status, plan and student (`GET`). */
  lessons: '/lessons',
  /** Whether a lesson is valid and ready, and what each block lacks (`GET ?lesson_id=`). */
  lessonsCheck: '/lessons/check-lesson',
  /**
   * Makes the themed versions of a lesson's decks for the student's interests, as a job that locks
   * the lesson (`POST { lesson_id }`); its latest run: `GET /lesson/:lessonId/generation`.
   */
  generateBeforeLesson: '/generator/generate-before-lesson',
  /** Fills a lesson from its blocks' folders (`POST { lesson_id, replace? }`). */
  exercisesGenerateLesson: '/exercises/generate-lesson',
  /**
   * Fills every lesson of a plan still to hold, minimums everywhere before more (`POST { protocol_id,
   * replace? }`); where its folders run short, and what would fix it: `GET /lessons/plan-supply?protocol_id=`.
   */
  exercisesGeneratePlan: '/exercises/generate-plan',
  lessonsPlanSupply: '/lessons/plan-supply',
  /** The player's start and end of a lesson (`POST { lesson_id, event }`, the lesson's teacher). */
  trackLessonStatistic: '/users/track/lesson-statistic',
  /** The project's lessons held in a range of days, per teacher (`GET ?from&to&time_zone`). */
  lessonStatisticAll: '/users/lesson-statistic/all',
  /** The same as a CSV file. */
  lessonStatisticAllCsv: '/users/lesson-statistic/all.csv',
  /** Lessons held per day of a range, one teacher's (`teacher_id`) or the project's. */
  lessonStatisticByTeacher: '/users/lesson-statistic/by-teacher',
  /** CRM token: a page of the project's lessons in a range of days (`GET ?from&to`). */
  remoteRangeLessons: '/lessons/get-remote-range-lessons',
  /**
   * The child's screen by the lesson's session link (public): `GET /play-lesson/:token`, its
   * `…/slide?position=&slide=` image and its `…/events` stream. The teacher's side is under
   * `/lesson/:lessonId/link` and `/lesson/:lessonId/session`.
   */
  playLesson: '/play-lesson',
  /**
   * Diagnostic cards (issue 16); the project in the query. One: `/diagnostic-cards/:cardId`, its
   * publication: `POST /diagnostic-cards/:cardId/publish`, its versions: `…/:cardId` +
   * `DOCUMENT_VERSIONS`.
   */
  diagnosticCards: '/diagnostic-cards',
  /**
   * Course templates (issue 30 item 2); the project in the query. One:
   * `/course-templates/:courseTemplateId`, its publication: `POST …/:courseTemplateId/publish`, its
   * versions: `…/:courseTemplateId` + `DOCUMENT_VERSIONS`.
   */
  courseTemplates: '/course-templates',
  /**
   * Students' courses from course templates: `POST /courses` starts one on a plan, `GET
   * /courses?protocol_id=` reads a plan's, `GET /courses/:courseId`, and a lesson's change:
   * `POST /courses/:courseId/apply` or `/keep` (`{ key }`).
   */
  courses: '/courses',
  /**
   * Stories (spec §2 "histories"); the project in the query. One: `/histories/:id`, its steps:
   * `…/submit` and `…/review`, its versions: `/histories/:id` + `DOCUMENT_VERSIONS`; its files:
   * `/histories/files` (upload), `/histories/files/from-asset`, `/histories/files/:fileId`.
   */
  histories: '/histories',
  /**
   * Recommended programs and exercise complexes (`kind`); the project in the query. One:
   * `/recommended-programs/:programId`. A lesson from one: `POST /lesson/:lessonId/from-program`.
   */
  recommendedPrograms: '/recommended-programs',
  /**
   * Mails the parents the link of a completed diagnosis (`POST { diagnosis_id }`, spec §7). The
   * diagnosis' link: `GET /diagnoses/:id/link`, `POST /diagnoses/:id/link/revoke`; its PDF:
   * `GET /diagnoses/:id/pdf`.
   */
  sendDiagnosis: '/clients/diagnostic-cards/send',
  /**
   * Diagnoses (issue 16 item 4): `GET /diagnoses/:id`, `PUT` (autosave), `DELETE` (a draft),
   * `POST /diagnoses/:id/complete`; a student's: `GET`/`POST /clients/:clientId/diagnoses`.
   */
  diagnoses: '/diagnoses',
  /** The students assigned to the calling diagnostician (issue 16 item 5). */
  diagnosticianClients: '/diagnostician/clients',
  /** The project's diagnosticians; a student's: `GET`/`PUT /clients/:clientId/diagnosticians`. */
  diagnosticians: '/diagnosticians',
  /** CRM token: `GET ?remote_id=` the diagnosticians of the student with that remote id (spec §7). */
  remoteDiagnostician: '/get-remote-diagnostician',
  /**
   * A diagnosis for the parents by its link's token (public): `GET /public/dc/:token`, its
   * `…/progress` and `…/pdf`.
   */
  publicDiagnosis: '/public/dc',
  docs: '/docs',
  /**
   * Booking (issue 28). The project's settings (`GET`, `PUT`); its public page's link is the
   * public-link kit's, under `/booking/projects/:workspaceId/link`.
   */
  bookingSettings: '/booking/settings',
  bookingProject: '/booking/projects',
  /** The project's teachers with their availability (`GET`); one: `GET`/`PUT /booking/availability/:teacherId`. */
  bookingTeachers: '/booking/teachers',
  bookingAvailability: '/booking/availability',
  /** Consultation group sessions: `GET` upcoming, `POST` one; `DELETE /booking/sessions/:id`. */
  bookingSessions: '/booking/sessions',
  /** The school's bookings (`GET`); `POST /bookings/:id/status`; a teacher's week: `GET /bookings/week`. */
  bookings: '/bookings',
  bookingWeek: '/bookings/week',
  /**
   * The parents' page (spec §7 /appointment), public under the project's link token:
   * `GET /appointment/:token`, `GET …/slots`, `POST …/reservations`, `POST …/reservations/:id/confirm`.
   */
  appointment: '/appointment',
  /**
   * A booking's private link for its parent: `GET /appointment/manage/:token`, `GET …/slots`,
   * `POST …/cancel`, `POST …/move`, `GET …/calendar.ics`.
   */
  appointmentManage: '/appointment/manage',
  /** A booking becomes a student (spec §7 /appointment/client; `POST`, the booking's teacher). */
  appointmentClient: '/appointment/client',
  /**
   * The parents' side (issue 29), public under a family's dashboard link (`/clients/:clientId/link`
   * is the kit's): `GET /parent-dashboard/:token`; what the family does there goes under the same
   * token (`…/practice`, `…/referral`, `…/call-requests`, `…/merch-orders`).
   */
  parentDashboard: '/parent-dashboard',
  /**
   * Home practice (issue 29 item 2), the teacher's: `POST` assigns a lesson; one assignment:
   * `GET`, `PUT`, `DELETE /practice-assignments/:assignmentId` (withdraws it), its link the kit's
   * (`…/:assignmentId/link`). A lesson's live one: `lessonPracticePath`; a student's: `clientPracticePath`.
   */
  practiceAssignments: '/practice-assignments',
  /**
   * The parent's player by an assignment's link (public): `GET /home-practice/:token`, its
   * `…/slide?exercise_id=&slide=` images, `POST …/tries` (one tap). The family's list of them:
   * `GET /parent-dashboard/:token/practice`.
   */
  homePractice: '/home-practice',
  /**
   * Referrals (issue 29 item 3): the manager's report `GET /referrals`, a family `GET /referrals/:clientId`,
   * `POST …/events` (renewal, payment), `POST …/events/:entryId/removal`, `POST …/bonuses` (grant,
   * cancel), `POST …/referrer` (a link by hand), `POST …/code/rotate` (a new referral code).
   */
  referrals: '/referrals',
  /** The school's contacts the parents' dashboard shows (root and admins keep them). */
  schoolContacts: '/school-contacts',
  /**
   * A call back (issue 29 item 4, decision 040): the project's requests (`GET`), their counts per
   * status, `POST /call-requests/:id/done` and `…/retry`; the phone agent's settings (`GET`/`PUT
   * /call-requests/agent`). Parents ask under `/appointment/:token/call-requests` and
   * `/parent-dashboard/:token/call-requests`.
   */
  callRequests: '/call-requests',
  callRequestCounts: '/call-requests/counts',
  callAgent: '/call-requests/agent',
  /**
   * Merchandise (issue 29 item 5, decision 040): the offers (`GET`, `POST`, `PUT /merch/offers/:id`,
   * `POST …/:id/photo`), their photos (`GET /merch/photos/:name`, public), the orders (`GET`, counts,
   * `POST /merch/orders/:id/status`). Families read `/parent-dashboard/:token/merch` and order with
   * `POST /parent-dashboard/:token/merch-orders`.
   */
  merchOffers: '/merch/offers',
  merchPhotos: '/merch/photos',
  merchOrders: '/merch/orders',
  merchOrderCounts: '/merch/orders/counts',
  /**
   * Contractors' reports and acts (issue 33 item 2): `GET /acts/report` (a range), `GET`/`PUT
   * /acts/rates`, `GET /acts/contractors/:userId` and `PUT` (details), `POST /acts/exclusions` and
   * `DELETE /acts/exclusions/:exerciseId`, `GET`/`POST /acts`, `GET /acts/:actId`, `GET /acts/:actId/pdf`.
   */
  acts: '/acts',
  actsReport: '/acts/report',
  actRates: '/acts/rates',
  actContractors: '/acts/contractors',
  actExclusions: '/acts/exclusions',
  /**
   * Games (issue 31); the project in the query. One: `/games/:gameId`, its publication `POST
   * …/:gameId/publish`, its versions `…/:gameId` + `DOCUMENT_VERSIONS`; its files: `/games/files`
   * (upload), `/games/files/from-asset`, `/games/files/:fileId`. Themes: `/game-themes`, one
   * `/game-themes/:themeId`.
   */
  games: '/games',
  gameThemes: '/game-themes',
  /**
   * A game given to a student (the teacher's): `POST /game-assignments`, `DELETE
   * /game-assignments/:assignmentId` (takes it back), its link the kit's (`…/:assignmentId/link`). A
   * student's: `clientGamesPath`. Plays: `GET /game-records?client_id=`; progress: `GET
   * /game-progresses?client_id=`, `GET /game-progresses/by-game?game_id=`.
   */
  gameAssignments: '/game-assignments',
  gameRecords: '/game-records',
  gameProgresses: '/game-progresses',
  gameProgressesByGame: '/game-progresses/by-game',
  /**
   * The child's game by an assignment's link (public): `GET /game/check-auth/:token` (the game and
   * the progress), `POST /game/complete/:token` (a level played), `GET
   * /game/media/:token/:source/:id` (its pictures and sounds). The family's list: `GET
   * /parent-dashboard/:token/games`.
   */
  game: '/game',
  gameCheckAuth: '/game/check-auth',
  gameComplete: '/game/complete',
  /**
   * Problem reports (issue 33 item 1): the moderators' `GET /report-tickets`, one
   * `/report-tickets/:ticketId` with its `…/actions`, `…/merge`, `…/comments` and `…/files/:fileId`;
   * the people they are assigned to `…/assignees`. Anyone signed in: `POST /report-tickets`, their
   * uploads `POST /report-tickets/files` (one: `…/files/:fileId`), their own reports
   * `GET /report-tickets/mine`, one `…/mine/:ticketId` and its `…/comments`.
   */
  reportTickets: '/report-tickets',
  /**
   * Notices (issue 33 item 5): `GET ?link=` what a page outside sign-in must say (public): the
   * running version, and maintenance in the environment of the project its link belongs to.
   */
  appStatus: '/app-status',
  /** `/sharepoint-test` (issue 33 item 6): `POST` a .pptx, rendered here and answered with its slides. */
  sharepointTest: '/sharepoint-test',
  /** The signed-in account accepts an invitation of its own address (`/accept-new-role`). */
  inviteAcceptNewRole: '/invitations/invite/accept/new-role',
  /**
   * The localization editor (issue 33 item 3, root): the texts (`GET`), their counts per language
   * (`…/summary`), a text's draft (`PUT`, `DELETE …/drafts`), publishing the drafts (`POST
   * …/publish`), the published changes (`…/history`), a language's file (`GET …/export/:language`,
   * `POST …/import/:language`). Everyone reads the published changes: `GET /texts/:language`.
   */
  translations: '/translations',
  translationsSummary: '/translations/summary',
  translationDrafts: '/translations/drafts',
  translationsPublish: '/translations/publish',
  translationsHistory: '/translations/history',
  translationsExport: '/translations/export',
  translationsImport: '/translations/import',
  texts: '/texts',
  /**
   * The settings screen (issue 33 item 4, root): one environment's settings with those kept
   * elsewhere (`GET /settings?env_id=`), their history (`GET /settings/history`); they are saved
   * through `/storage/app_settings` (spec §7).
   */
  settings: '/settings',
  settingsHistory: '/settings/history',
} as const;

/**
 * A path under one project (spec §7: `/workspaces/{workspaceId}/categories`): the server passes
 * `':workspaceId'` to declare the route, the web a project id.
 */
export function inWorkspace(workspaceId: number | string, path: string): string {
  return `${API.workspaces}/${workspaceId}${path}`;
}

/** The assets of a theme: `GET` grouped by type, `PUT { asset_ids }` to set them. */
export function themeAssetsPath(themeId: number | string): string {
  return `${API.themes}/${themeId}/assets`;
}

/**
 * A student's progress from the marks (`GET`, teacher; issue 15 item 6): the server passes
 * `':clientId'` to declare the route, the web the student's id.
 */
export function clientProgressPath(clientId: number | string): string {
  return `${API.clients}/${clientId}/progress`;
}

/**
 * What a student's correction path shows beside the plans (`GET`, teacher): the lessons held and
 * the diagnoses. The server passes `':clientId'` to declare the route, the web the student's id.
 */
export function clientPathPath(clientId: number | string): string {
  return `${API.clients}/${clientId}/path`;
}

/** A lesson's live home-practice assignment (`GET`, teacher): the server passes `':lessonId'`. */
export function lessonPracticePath(lessonId: number | string): string {
  return `${API.lesson}/${lessonId}/practice`;
}

/** A student's home practice for the correction path (`GET`, teacher): the server passes `':clientId'`. */
export function clientPracticePath(clientId: number | string): string {
  return `${API.clients}/${clientId}/practice`;
}

/** A family's home practice on its dashboard (public): the server passes `':token'`. */
export function familyPracticePath(token: string): string {
  return `${API.parentDashboard}/${token}/practice`;
}

/** A student's games (`GET`, teacher): the server passes `':clientId'`. */
export function clientGamesPath(clientId: number | string): string {
  return `${API.clients}/${clientId}/games`;
}

/** A family's games on its dashboard (public): the server passes `':token'`. */
export function familyGamesPath(token: string): string {
  return `${API.parentDashboard}/${token}/games`;
}
