import type { VersionSnapshot } from '../versioning/version-diff.ts';
import type { TemplateContent } from './schemas.ts';

/**
 * A protocol template as a versioned document (decision 030): its title and description, and its
 * blocks by key. A block's folders have no keys of their own (a plan picks one by its category),
 * so they are one field of their block. The category's name is left out: a renamed category is
 * not a change of the template.
 */
export function templateSnapshot(content: TemplateContent): VersionSnapshot {
  return {
    fields: { title: content.title, description: content.description },
    items: content.blocks.map((block) => ({
      key: block.key,
      kind: 'block',
      label: block.target,
      parent: null,
      fields: {
        target: block.target,
        category: block.category_id,
        description_parents: block.description_parents,
        description_educator: block.description_educator,
        presentations: [block.min_presentations, block.max_presentations],
        folders: block.folders.map((folder) => [
          folder.category_id,
          folder.description_parents,
          folder.indications_educator,
        ]),
      },
    })),
  };
}
