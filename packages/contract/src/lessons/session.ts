import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages.ts';
import { publicLinkSchema } from '../public-links/public-links.ts';
import { LESSON_PRESENTATIONS_MAX } from './schemas.ts';

/**
 * The live session of a lesson (issue 15 items 4–5, spec §2 /client-session/:encryptedId, the route table's `:token`): the
 * teacher's player moves, and the child's screen, opened under the lesson's unguessable link,
 * shows the same slide (decision 021).
 */

/** The kind of a lesson's public link for the child's screen (the public-link kit, decision 029). */
export const LESSON_LINK_KIND = 'lesson';

/** The most slides a deck of a lesson is taken to have; the server checks the deck's own count. */
export const LESSON_SESSION_SLIDE_MAX = 1000;

/** The web page a lesson's session link opens (the route table's `/client-session/:token`). */
export const CLIENT_SESSION_PAGE = '/client-session';

/** Not started yet, following the teacher now, or over (ended by the teacher or the lesson finished). */
export const SESSION_STATES = ['not_started', 'live', 'ended'] as const;
export type SessionState = (typeof SESSION_STATES)[number];

/** What the teacher's player tells the session: start it, move it, or end it. */
export const SESSION_ACTIONS = ['start', 'move', 'end'] as const;
export type SessionAction = (typeof SESSION_ACTIONS)[number];

/** A presentation's place in the lesson's play order (block by block, each in its order), from 0. */
export const sessionPositionSchema = z
  .number()
  .int()
  .min(0)
  .max(LESSON_PRESENTATIONS_MAX - 1);
/** A slide of a presentation's deck, from 0. */
export const sessionSlideSchema = z
  .number()
  .int()
  .min(0)
  .max(LESSON_SESSION_SLIDE_MAX - 1);

/**
 * `POST /lesson/:lessonId/session`: the teacher's player starts the session (making the lesson's
 * link when it has none), moves it to a presentation and slide, or ends it. `position` and `slide`
 * must name a presentation of the lesson and a slide of its deck (422 otherwise); `end` ignores them.
 */
export const sessionMoveInput = z.strictObject({
  action: z.enum(SESSION_ACTIONS),
  position: sessionPositionSchema.default(0),
  slide: sessionSlideSchema.default(0),
});
export type SessionMoveInput = z.input<typeof sessionMoveInput>;

/** The lesson's session as its teacher sees it: the child's link (`/client-session/<token>`) and where the session stands. */
export const lessonSessionLinkSchema = publicLinkSchema.extend({
  state: z.enum(SESSION_STATES),
  position: z.number().int(),
  slide: z.number().int(),
});
export type LessonSessionLink = z.infer<typeof lessonSessionLinkSchema>;

/** `GET /play-lesson/:token/slide?position=&slide=`: one slide image of the lesson's decks. */
export const sessionSlideQuery = z.object({
  position: z.coerce
    .number()
    .int()
    .min(0)
    .max(LESSON_PRESENTATIONS_MAX - 1),
  slide: z.coerce
    .number()
    .int()
    .min(0)
    .max(LESSON_SESSION_SLIDE_MAX - 1),
});

/** The presentation the child's screen shows: its title, how many slide images it has, the one shown. */
export const sessionPresentationSchema = z.object({
  title: z.string(),
  /** Rendered slide images of its deck (0 while none: the screen shows the title alone). */
  slides: z.number().int(),
  /** The shown slide's image by the link's token (no sign-in); null when the deck has no image for it. */
  image_url: z.string().nullable(),
  /** A story slide's text for the child ('' for an exercise's slide, whose text is in its image). */
  text: z.string(),
});
export type SessionPresentation = z.infer<typeof sessionPresentationSchema>;

/** Where the session stands, as the child's screen follows it (also each event of the stream). */
export const sessionStateSchema = z.object({
  state: z.enum(SESSION_STATES),
  position: z.number().int(),
  slide: z.number().int(),
  /** What is shown while live; null before the start, after the end, or past the lesson's last presentation. */
  presentation: sessionPresentationSchema.nullable(),
  /** The image the teacher will most likely show next (the next slide, or the next presentation's first), to load ahead. */
  next_image_url: z.string().nullable(),
});
export type SessionStateView = z.infer<typeof sessionStateSchema>;

/**
 * The lesson for the child's screen (`GET /play-lesson/:token`): only what the screen shows. It
 * never carries an instruction, an educator's text, a mark, or the id of anything: the server
 * answers through this schema, which drops every other field.
 */
export const clientSessionSchema = z.object({
  /** The student's lesson language: the screen shows itself in it. */
  language: z.enum(LANGUAGES),
  /** The child's first name only. */
  child_name: z.string(),
  /** The lesson's place in its plan. */
  lesson_number: z.number().int(),
  /** How many presentations the lesson plays. */
  presentations: z.number().int(),
  session: sessionStateSchema,
});
export type ClientSession = z.infer<typeof clientSessionSchema>;

/** The names of the events the session stream (`GET /play-lesson/:token/events`) sends. */
export const SESSION_EVENTS = {
  /** The session's state (`sessionStateSchema` as JSON): first on connecting, then on every change. */
  state: 'state',
  /** The link was withdrawn: the stream ends and the screen says the link is not valid. */
  invalid: 'invalid',
} as const;
