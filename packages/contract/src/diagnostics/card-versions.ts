import type { VersionSnapshot } from '../versioning/version-diff.ts';
import type { DiagnosticCardContent } from './card.ts';

/**
 * A diagnostic card as a versioned document (decision 030): its own fields, its blocks, the
 * questions in each block and its computed blocks, each by key (decision 024). A question's
 * variants, rows and columns belong to its answer's shape, so they are fields of the question.
 */
export function cardSnapshot(content: DiagnosticCardContent): VersionSnapshot {
  return {
    fields: {
      title: content.title,
      description: content.description,
      language: content.language,
      categories: content.category_ids,
    },
    items: [
      ...content.blocks.flatMap((block) => [
        {
          key: block.key,
          kind: 'block',
          label: block.title,
          parent: null,
          fields: { title: block.title, description: block.description },
        },
        ...block.questions.map(({ key, text, ...fields }) => ({
          key,
          kind: 'question',
          label: text,
          parent: block.key,
          fields: { text, ...fields },
        })),
      ]),
      ...content.computed.map(({ key, title, ...fields }) => ({
        key,
        kind: 'computed',
        label: title,
        parent: null,
        fields: { title, ...fields },
      })),
    ],
  };
}
