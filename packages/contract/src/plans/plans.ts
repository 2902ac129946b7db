import { z } from 'zod';
import { INT_MAX, bodyId, idParam, pageEnvelope, pageQuery } from '../common/envelope.ts';
import { PROTOCOL_BLOCKS_MAX } from '../common/limits.ts';
import { PLAN_FILTERS, PLAN_STATUSES } from './plan-status.ts';
import { presentationsInOrder, presentationsSchema, templateFolderSchema } from './schemas.ts';
import { templateDifferenceSchema } from './template-difference.ts';
import { isTimeZone } from './time-zone.ts';

export { isTimeZone } from './time-zone.ts';

/** A time zone in a query: the teacher's, that a plan's deadline is judged in; UTC when absent. */
export const timeZoneSchema = z.string().max(64).refine(isTimeZone, { message: 'invalid' });

/** A plan's deadline: the last day it runs, 'YYYY-MM-DD'. */
export const deadlineSchema = z.iso.date({ message: 'date' });

/** `POST /protocols`: a new plan for one of the teacher's students, from a published template. */
export const planCreateInput = z.strictObject({
  client_id: bodyId,
  template_id: bodyId,
  deadline: deadlineSchema,
});
export type PlanCreateInput = z.input<typeof planCreateInput>;

/** One block of a plan as the teacher fills it: its folder, and bounds within the template's. */
export const planBlockInput = z
  .strictObject({
    key: z.uuid(),
    folder_id: bodyId,
    min_presentations: presentationsSchema,
    max_presentations: presentationsSchema,
  })
  .superRefine(presentationsInOrder);

/**
 * `PUT /protocols/:id`: the deadline and every block filled (spec §5: a plan cannot be saved while
 * a block has no folder; the server names a block left out).
 */
export const planInput = z
  .strictObject({
    deadline: deadlineSchema,
    blocks: z.array(planBlockInput).max(PROTOCOL_BLOCKS_MAX),
  })
  .superRefine((plan, context) => {
    // One entry per block: a block named twice would be two choices for one block.
    const keys = new Set<string>();
    plan.blocks.forEach((block, index) => {
      if (keys.has(block.key))
        context.addIssue({ code: 'custom', path: ['blocks', index, 'key'], message: 'unique' });
      keys.add(block.key);
    });
  });
export type PlanInput = z.input<typeof planInput>;

/** A block of a plan: the template version's block, the folder picked and the bounds chosen. */
export const planBlockSchema = z.object({
  key: z.string(),
  target: z.string(),
  category_name: z.string(),
  description_parents: z.string(),
  description_educator: z.string(),
  /** The template's bounds, which the plan's stay within. */
  template_min: z.number().int(),
  template_max: z.number().int(),
  min_presentations: z.number().int(),
  max_presentations: z.number().int(),
  /** The folder picked, null while the block waits for one. */
  folder_id: z.number().int().nullable(),
  folders: z.array(templateFolderSchema),
});
export type PlanBlock = z.infer<typeof planBlockSchema>;

/** A plan (protocol) as the API shows it to its teacher (spec §3 Protocol/plan). */
export const planSchema = z.object({
  id: z.number().int(),
  client: z.object({ id: z.number().int(), child_name: z.string() }),
  template: z.object({
    id: z.number().int(),
    title: z.string(),
    /** The version the plan was made from. */
    version: z.number().int(),
    /** The template's latest published version: more than `version` shows "template updated". */
    latest_version: z.number().int(),
  }),
  deadline: z.string(),
  lessons: z.number().int(),
  status: z.enum(PLAN_STATUSES),
  blocks: z.array(planBlockSchema),
  sent_at: z.string().nullable(),
  updated_at: z.string(),
  /**
   * When the template has a newer published version: what taking it would change, block by block
   * (contract `templateDifference`); null while the plan is on the latest.
   */
  template_update: templateDifferenceSchema.nullable(),
  /**
   * Whether the teacher chose to keep her plan as it is for the latest version (`template_update`
   * still says what taking it would change, and she may still apply it).
   */
  template_update_kept: z.boolean(),
});
export type Plan = z.infer<typeof planSchema>;

/** A row of the plans list. */
export const planListItemSchema = planSchema.omit({ blocks: true }).extend({ blocks: z.number().int() });
export type PlanListItem = z.infer<typeof planListItemSchema>;

/** The project and role a plans call acts in, and the teacher's time zone the status is judged in. */
export const planActingQuery = z.object({
  workspace_id: idParam,
  role_id: idParam.optional(),
  time_zone: timeZoneSchema.optional(),
});

/** `GET /protocols`: the teacher's plans, filtered as spec §4 says, the nearest deadline first. */
export const plansQuery = pageQuery.extend({
  ...planActingQuery.shape,
  filter: z
    .enum(Object.keys(PLAN_FILTERS) as [keyof typeof PLAN_FILTERS, ...(keyof typeof PLAN_FILTERS)[]])
    .default('all'),
  client_id: idParam.optional(),
});
export type PlansQuery = z.infer<typeof plansQuery>;

export const plansPageEnvelope = pageEnvelope(planListItemSchema);
export type PlansPage = z.infer<typeof plansPageEnvelope>;

export const planParams = z.object({ protocolId: idParam });

/** What the teacher does with a newer template version: take it, or keep her plan as it is. */
export const PLAN_TEMPLATE_UPDATE_ACTIONS = ['apply', 'keep'] as const;

/**
 * `POST /protocols/:id/template-update`: `apply` (the default) makes the plan take its template's
 * latest published version: blocks it keeps keep their folder while the block still offers it, and
 * their bounds narrowed to the new ones; new blocks wait for a folder. `keep` leaves the plan as it
 * is and remembers that the teacher saw that version (`template_update_kept`). `version` is the one
 * the teacher was shown, so that a version published meanwhile is not taken or set aside unseen
 * (409).
 */
export const planTemplateUpdateInput = z.strictObject({
  version: z.number().int().min(1).max(INT_MAX),
  action: z.enum(PLAN_TEMPLATE_UPDATE_ACTIONS).default('apply'),
});
export type PlanTemplateUpdateInput = z.input<typeof planTemplateUpdateInput>;
