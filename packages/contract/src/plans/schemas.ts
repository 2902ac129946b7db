import { z } from 'zod';
import { bodyId, idParam, pageEnvelope, pageQuery } from '../common/envelope.ts';
import {
  PROTOCOL_BLOCKS_MAX,
  PROTOCOL_FOLDERS_MAX,
  PROTOCOL_PRESENTATIONS_MAX,
  PROTOCOL_TEXT_MAX,
  PROTOCOL_TITLE_MAX,
} from '../common/limits.ts';
import { versionsDiffQuery } from '../versioning/versions-api.ts';
import { TEMPLATE_ACTIONS, TEMPLATE_STATUSES } from './template-status.ts';

/** A plan covers ten lessons (spec §9). */
export const PLAN_LESSONS = 10;

const requiredText = z.string().trim().min(1).max(PROTOCOL_TEXT_MAX);
const optionalText = z.string().trim().max(PROTOCOL_TEXT_MAX);
/** Presentations per lesson, a block's bounds: at least one, at most PROTOCOL_PRESENTATIONS_MAX. */
export const presentationsSchema = z.number().int().min(1).max(PROTOCOL_PRESENTATIONS_MAX);

/** Refuses a block whose minimum is above its maximum, on the maximum (spec §5). */
export function presentationsInOrder(
  block: { min_presentations: number; max_presentations: number },
  context: z.RefinementCtx,
) {
  if (block.min_presentations > block.max_presentations) {
    context.addIssue({
      code: 'custom',
      path: ['max_presentations'],
      message: 'minAboveMax',
      params: { min: block.min_presentations },
    });
  }
}

/** A folder a block offers: a category folder under the block's category, with its texts. */
export const templateFolderInput = z.strictObject({
  category_id: bodyId,
  /** What the parents read about this folder (the parent view shows it). */
  description_parents: optionalText.default(''),
  /** Indications for the educator; never shown to parents. */
  indications_educator: optionalText.default(''),
});

/**
 * A block of a template (spec §3): its target, its category, its texts for the parents and for the
 * educator, how many presentations a lesson takes from it (min ≤ max, spec §5), and the folders a
 * plan picks one of. `key` names the block across versions (the difference a plan is shown); a
 * new block comes without one and the server gives it one.
 */
export const templateBlockInput = z
  .strictObject({
    key: z.uuid().optional(),
    target: z.string().trim().min(1).max(PROTOCOL_TITLE_MAX),
    category_id: bodyId,
    description_parents: optionalText.default(''),
    description_educator: optionalText.default(''),
    min_presentations: presentationsSchema,
    max_presentations: presentationsSchema,
    folders: z.array(templateFolderInput).min(1).max(PROTOCOL_FOLDERS_MAX),
  })
  .superRefine((block, context) => {
    presentationsInOrder(block, context);
    const seen = new Set<number>();
    block.folders.forEach((folder, index) => {
      if (seen.has(folder.category_id)) {
        context.addIssue({ code: 'custom', path: ['folders', index, 'category_id'], message: 'unique' });
      }
      seen.add(folder.category_id);
    });
  });
export type TemplateBlockInput = z.input<typeof templateBlockInput>;

/** What a template is written with (spec §5: title and description are required). */
export const templateInput = z
  .strictObject({
    title: z.string().trim().min(1).max(PROTOCOL_TITLE_MAX),
    /** The description for the educator. */
    description: requiredText,
    blocks: z.array(templateBlockInput).min(1).max(PROTOCOL_BLOCKS_MAX),
  })
  .superRefine((template, context) => {
    const keys = new Set<string>();
    template.blocks.forEach((block, index) => {
      if (block.key === undefined) return;
      if (keys.has(block.key))
        context.addIssue({ code: 'custom', path: ['blocks', index, 'key'], message: 'unique' });
      keys.add(block.key);
    });
  });
export type TemplateInput = z.input<typeof templateInput>;

/** A folder as the API shows it, with its category's name. */
export const templateFolderSchema = z.object({
  category_id: z.number().int(),
  category_name: z.string(),
  description_parents: z.string(),
  indications_educator: z.string(),
});
export type TemplateFolder = z.infer<typeof templateFolderSchema>;

/** A block as the API shows it. */
export const templateBlockSchema = z.object({
  key: z.string(),
  target: z.string(),
  category_id: z.number().int(),
  category_name: z.string(),
  description_parents: z.string(),
  description_educator: z.string(),
  min_presentations: z.number().int(),
  max_presentations: z.number().int(),
  folders: z.array(templateFolderSchema),
});
export type TemplateBlock = z.infer<typeof templateBlockSchema>;

/** The content of a template or of one of its versions. */
export const templateContentSchema = z.object({
  title: z.string(),
  description: z.string(),
  blocks: z.array(templateBlockSchema),
});
export type TemplateContent = z.infer<typeof templateContentSchema>;

/** A template as the API shows it: its working copy, status and latest published version. */
export const protocolTemplateSchema = templateContentSchema.extend({
  id: z.number().int(),
  status: z.enum(TEMPLATE_STATUSES),
  /** The latest published version's number; 0 before the first publication. */
  version: z.number().int(),
  writer: z.object({ id: z.number().int(), name: z.string() }),
  /** What the moderator said when returning it, '' when nothing. */
  comment: z.string(),
  /** What the caller may do to its status now. */
  actions: z.array(z.enum(TEMPLATE_ACTIONS)),
  /** Whether the caller may change its content. */
  editable: z.boolean(),
  /** How many plans are made from it (its writer and moderators; null for other readers). */
  plans: z.number().int().nullable(),
  updated_at: z.string(),
});
export type ProtocolTemplate = z.infer<typeof protocolTemplateSchema>;

/** One row of the templates list. */
export const templateListItemSchema = protocolTemplateSchema
  .pick({
    id: true,
    title: true,
    status: true,
    version: true,
    writer: true,
    updated_at: true,
  })
  .extend({ blocks: z.number().int() });
export type TemplateListItem = z.infer<typeof templateListItemSchema>;

/** A writer's status change of their template: send it for review, or take it back. */
export const templateSubmitInput = z.strictObject({ action: z.enum(['submit', 'withdraw']) });

/** A moderator's verdict on a template: publish it as the next version, or return it saying why. */
export const templateReviewInput = z.strictObject({
  action: z.enum(['publish', 'return']),
  comment: optionalText.optional(),
});

/** The project and role a templates call acts in (spec §7: in the query, as for exercises). */
export const templateActingQuery = z.object({
  workspace_id: idParam,
  role_id: idParam.optional(),
});

/** `GET /templates`: a page of the templates the role reads, newest change first. */
export const templatesQuery = pageQuery.extend({
  ...templateActingQuery.shape,
  status: z.enum(TEMPLATE_STATUSES).optional(),
  /** A case-insensitive part of the title. */
  term: z.string().trim().max(PROTOCOL_TITLE_MAX).optional(),
});
export type TemplatesQuery = z.infer<typeof templatesQuery>;

export const templatesPageEnvelope = pageEnvelope(templateListItemSchema);
export type TemplatesPage = z.infer<typeof templatesPageEnvelope>;

export const templateParams = z.object({ templateId: idParam });

/** `GET /templates/:templateId/versions/diff?from=&to=` (decision 030). */
export const templateVersionsDiffQuery = templateActingQuery.extend(versionsDiffQuery.shape);
