import { z } from 'zod';
import { bodyId, idParam, INT_MAX } from '../common/envelope.ts';
import {
  CATEGORY_BULK_MAX,
  CATEGORY_DESCRIPTION_MAX,
  CATEGORY_NAME_MAX,
  CATEGORY_NAME_MIN,
} from '../common/limits.ts';
import { workspaceParams } from '../workspaces/schemas.ts';

/** `parent` of a category at the top of the tree (spec §3, §9: parent 0 is the root). */
export const ROOT_PARENT = 0;

/** A category's name (spec §5): trimmed. */
export const categoryNameSchema = z.string().trim().min(CATEGORY_NAME_MIN).max(CATEGORY_NAME_MAX);

/** A category's description (spec §5): trimmed, may be empty. */
export const categoryDescriptionSchema = z.string().trim().max(CATEGORY_DESCRIPTION_MAX);

/**
 * A category's place among its siblings (spec §3: a number or a numeric string), as a whole number
 * from 0. The server keeps sibling orders equal to their positions 0..n-1.
 */
export const categoryOrderSchema = z.union([
  // A refinement rather than `.int()`, so that 1.5 gets the same message as '1.5'.
  z.number().min(0).max(INT_MAX).refine(Number.isInteger, { message: 'wholeNumber' }),
  z
    .string()
    .trim()
    .regex(/^\d{1,10}$/, 'wholeNumber')
    .transform(Number)
    .pipe(z.number().int().max(INT_MAX)),
]);

/** The parent of a category: 0 for the root, else the id of a category of the same project. */
export const categoryParentSchema = z.number().int().min(0).max(INT_MAX);

/** A category of a project's tree as the API shows it (spec §3 Category), with its subtree. */
export interface Category {
  id: number;
  name: string;
  description: string;
  /** 0 for a category at the top of the tree. */
  parent: number;
  /** A folder groups categories; exercises go into the others. */
  is_folder: boolean;
  /** The category this one is a shortcut to, or null. */
  link_id: number | null;
  /** The position among its siblings, 0..n-1. */
  order: number;
  /** The subcategories, by order then id. */
  children: Category[];
}

/** Named in the registry, so that the API docs can refer to the recursive schema as `Category`. */
export const categorySchema: z.ZodType<Category> = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    parent: z.number().int(),
    is_folder: z.boolean(),
    link_id: z.number().int().nullable(),
    order: z.number().int(),
    get children() {
      return z.array(categorySchema);
    },
  })
  .meta({ id: 'Category' });

/** The fields a category is written with. */
const categoryFields = {
  name: categoryNameSchema,
  description: categoryDescriptionSchema.optional(),
  parent: categoryParentSchema,
  is_folder: z.boolean().optional(),
  /** A category of the same project, not the category itself; null for none. */
  link_id: bodyId.nullable().optional(),
  /** The position to take among the siblings; absent puts a new category last. */
  order: categoryOrderSchema.optional(),
};

/**
 * `POST /workspaces/:workspaceId/categories` (spec §7: the body plus `workspace_id`, which must be
 * the project of the path). Absent description is empty, absent is_folder false, absent link_id null.
 */
export const categoryInput = z.strictObject({ workspace_id: idParam, ...categoryFields });
export type CategoryInput = z.infer<typeof categoryInput>;

/**
 * `PUT /workspaces/:workspaceId/categories/:id` (spec §7: the full category). Absent description,
 * is_folder, link_id keep their values; absent order keeps the place, or puts the category last
 * under a new parent. `id` and `workspace_id`, when sent, must be those of the path. `children` is
 * taken so that a category can be sent back as it was read, and ignored: the tree changes through
 * `parent` and the bulk call.
 */
export const categoryUpdate = z.strictObject({
  ...categoryFields,
  id: idParam.optional(),
  workspace_id: idParam.optional(),
  children: z.array(z.unknown()).optional(),
});
export type CategoryUpdate = z.infer<typeof categoryUpdate>;

/** One category's place in the tree: what the bulk call moves and answers. */
export const categoryPlaceSchema = z.object({
  id: z.number().int(),
  parent: z.number().int(),
  order: z.number().int(),
});
export type CategoryPlace = z.infer<typeof categoryPlaceSchema>;

/**
 * `PUT /workspaces/:workspaceId/categories` (spec §7 bulk): moves and reorders in one go. Each item
 * names a category, its new parent and its order among its new siblings; categories not named keep
 * their places. Every sibling group touched is then numbered 0..n-1 by the given orders, ties by id.
 */
export const categoryBulkInput = z.strictObject({
  workspace_id: idParam,
  items: z
    .array(
      z.strictObject({
        id: bodyId,
        parent: categoryParentSchema,
        order: categoryOrderSchema,
      }),
    )
    .max(CATEGORY_BULK_MAX)
    .refine((items) => new Set(items.map((item) => item.id)).size === items.length, { message: 'unique' }),
});
export type CategoryBulkInput = z.infer<typeof categoryBulkInput>;

/** The answer of the bulk call: the place of every category of the project, by parent, order, id. */
export const categoryBulkResult = z.object({ categories: z.array(categoryPlaceSchema) });
export type CategoryBulkResult = z.infer<typeof categoryBulkResult>;

export const categoryParams = workspaceParams.extend({ id: idParam });
