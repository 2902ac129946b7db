import { z } from 'zod';
import { emailSchema } from '../auth/schemas.ts';
import { bodyId } from '../common/envelope.ts';
import { LANGUAGES } from '../i18n/languages.ts';
import { MAIL_DELIVERIES } from '../mails/schemas.ts';
import { publicLinkSchema } from '../public-links/public-links.ts';

/** The kind of a plan's public link for the parents (the public-link kit, decision 029). */
export const PLAN_LINK_KIND = 'plan';

/** The web page a plan's public link opens (the route table's `/view-protocol-plan/:token`). */
export const PARENT_PLAN_PAGE = '/view-protocol-plan';

/**
 * `POST /send-plan`: mail the plan's link to the parent. Without `email` (or with it empty) it goes
 * to the student's `parent_email`.
 */
export const sendPlanInput = z.strictObject({
  protocol_id: bodyId,
  email: z.union([z.literal(''), emailSchema]).optional(),
});
export type SendPlanInput = z.input<typeof sendPlanInput>;

/** How a plan is shared with the parents, as its teacher sees it: its public link, and the mail. */
export const planSharingSchema = publicLinkSchema.extend({
  /** When the link was last mailed to the parent; null when never. */
  sent_at: z.string().nullable(),
  /**
   * Where the plan goes: the address it was just mailed to (after a send), else the student's
   * parent e-mail; '' when the student has none.
   */
  email: z.string(),
});
export type PlanSharing = z.infer<typeof planSharingSchema>;

/** The answer to `POST /send-plan`: the sharing state and how the mail left (DESIGN §2 mail). */
export const sentPlanSchema = planSharingSchema.extend({
  /** `failed`: no mail left (the SMTP server refused it); the link still works, to pass on by hand. */
  mail_delivery: z.enum(MAIL_DELIVERIES),
});
export type SentPlan = z.infer<typeof sentPlanSchema>;

/**
 * A block of the plan as the parents read it: its target, what it works on, and what to practise at
 * home, all in the template's words for parents (never a folder's internal name).
 */
export const parentPlanBlockSchema = z.object({
  target: z.string(),
  /** The block's description for parents ('' when the template has none). */
  description: z.string(),
  /**
   * What to practise at home: the parents' description of the folder the teacher picked ('' when
   * the template has none for it); null while no folder is picked.
   */
  at_home: z.string().nullable(),
});
export type ParentPlanBlock = z.infer<typeof parentPlanBlockSchema>;

/** A lesson of the plan as the parents see it: its number, when it is (null: not dated yet), how long. */
export const parentPlanLessonSchema = z.object({
  number: z.number().int(),
  starts_at: z.string().nullable(),
  duration_minutes: z.number().int(),
  /** Whether the lesson took place. */
  held: z.boolean(),
});
export type ParentPlanLesson = z.infer<typeof parentPlanLessonSchema>;

/**
 * The plan for the parents (`GET /show-plan/:token`, issues 14 and 27): only what the public page
 * shows, in the student's language. It never carries a description or an indication for the
 * educator, a teacher's note, an e-mail, a folder's internal name or the id of anything: the server
 * answers through this schema, which drops every other field.
 */
export const parentPlanSchema = z.object({
  /** The student's lesson language: the page shows itself in it. */
  language: z.enum(LANGUAGES),
  /** The child's first name only. */
  child_name: z.string(),
  template_title: z.string(),
  /** The plan's last day, 'YYYY-MM-DD'. */
  deadline: z.string(),
  /** The speech therapist who keeps the plan, by name. */
  therapist_name: z.string(),
  /** The school (the project) by its name; it keeps no contacts of its own yet. */
  school_name: z.string(),
  lessons: z.number().int(),
  /** The plan's lessons in order, with their dates (instants: the page shows them in the reader's time zone). */
  schedule: z.array(parentPlanLessonSchema),
  blocks: z.array(parentPlanBlockSchema),
});
export type ParentPlan = z.infer<typeof parentPlanSchema>;

/** The first name of a child's name as the teacher wrote it ("Marko Petrenko" → "Marko"). */
export function firstNameOf(childName: string): string {
  return childName.trim().split(/\s+/)[0] ?? '';
}
