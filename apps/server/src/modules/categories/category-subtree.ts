/**
 * Categories under others, at any depth: a plan block's folder holds the exercises of the leaf
 * categories under it (issue 15), so "in the folder" is "in the folder or anywhere below it".
 */
import { sql, type SQL } from 'drizzle-orm';
import { categories } from '../../db/schema/index.ts';

/**
 * A subquery of the ids of the project's categories that `roots` (a subquery or a list of ids)
 * names, and of every category under them, for `column in (…)`. Recursive over `parent_id`; a
 * category of another project is never reached (children share their parent's project, and the
 * roots are taken from the project only).
 */
export function categoriesUnder(workspaceId: number, roots: SQL): SQL {
  return sql`(with recursive tree(id) as (
      select ${categories.id} from ${categories}
      where ${categories.workspaceId} = ${workspaceId} and ${categories.id} in (${roots})
      union
      select child.id from ${categories} child join tree on child.parent_id = tree.id
    ) select id from tree)`;
}
