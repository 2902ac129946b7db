import type { Category, ProtocolTemplate } from '@logoschool/contract';
import type { FormErrors } from '@mantine/form';
import { fieldErrorsOf } from '../../api/form-errors.ts';

/** A folder of a block as the form holds it: the folder category, fixed once picked, and its texts. */
export interface FolderValues {
  category_id: number;
  /** The folder's name as the API last gave it (shown while the tree loads; never sent). */
  name: string;
  description_parents: string;
  indications_educator: string;
}

/** A block as the form holds it; `uid` only tells the blocks apart on the screen, and is never sent. */
export interface BlockValues {
  uid: string;
  /** The block's name across versions; absent on a block not saved yet (the server gives one). */
  key: string | null;
  target: string;
  /** The Select's value: a category id as text, null before one is picked. */
  category_id: string | null;
  description_parents: string;
  description_educator: string;
  /** NumberInput values: '' while the field is empty. */
  min_presentations: number | string;
  max_presentations: number | string;
  folders: FolderValues[];
}

export interface TemplateValues {
  title: string;
  description: string;
  blocks: BlockValues[];
}

let fresh = 0;

/** A new, empty block: a lesson takes one to three presentations from it until the writer says otherwise. */
export function newBlock(): BlockValues {
  fresh += 1;
  return {
    uid: `new-${fresh}`,
    key: null,
    target: '',
    category_id: null,
    description_parents: '',
    description_educator: '',
    min_presentations: 1,
    max_presentations: 3,
    folders: [],
  };
}

/** The form's values of a template, or of a new one (one empty block to start from). */
export function valuesOf(template: ProtocolTemplate | null): TemplateValues {
  if (!template) return { title: '', description: '', blocks: [newBlock()] };
  return {
    title: template.title,
    description: template.description,
    blocks: template.blocks.map((block) => ({
      uid: block.key,
      key: block.key,
      target: block.target,
      category_id: String(block.category_id),
      description_parents: block.description_parents,
      description_educator: block.description_educator,
      min_presentations: block.min_presentations,
      max_presentations: block.max_presentations,
      folders: block.folders.map((folder) => ({
        category_id: folder.category_id,
        name: folder.category_name,
        description_parents: folder.description_parents,
        indications_educator: folder.indications_educator,
      })),
    })),
  };
}

/** A NumberInput's value as the API takes it: an empty field is a missing number. */
const numberOf = (value: number | string): number | undefined =>
  value === '' ? undefined : typeof value === 'number' ? value : Number(value);

/**
 * The API body (`templateInput`) the values stand for: what the contract's schema judges before
 * sending, so that a field says the same thing in the browser as in a 422. Its paths are the form's.
 */
export function toBody(values: TemplateValues) {
  return {
    title: values.title,
    description: values.description,
    blocks: values.blocks.map((block) => ({
      ...(block.key ? { key: block.key } : {}),
      target: block.target,
      category_id: block.category_id === null ? undefined : Number(block.category_id),
      description_parents: block.description_parents,
      description_educator: block.description_educator,
      min_presentations: numberOf(block.min_presentations),
      max_presentations: numberOf(block.max_presentations),
      folders: block.folders.map((folder) => ({
        category_id: folder.category_id,
        description_parents: folder.description_parents,
        indications_educator: folder.indications_educator,
      })),
    })),
  };
}

/** The body paths the form shows a message at: each field, a block's folder list, a folder. */
const SHOWN =
  /^(title|description|blocks)$|^blocks\.\d+\.(target|category_id|description_parents|description_educator|min_presentations|max_presentations|folders)$|^blocks\.\d+\.folders\.\d+\.(category_id|description_parents|indications_educator)$/;

/** Whether the values hold a path (`blocks.1.folders.0.category_id`). */
function holds(values: unknown, path: string): boolean {
  let value = values;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, part)) return false;
    value = (value as Record<string, unknown>)[part];
  }
  return true;
}

/**
 * Puts a refused save's field messages (a 422's `errors`, by body path) where the form shows them,
 * nested as they are (`blocks.0.folders.1.category_id`: that folder); false when none of them is
 * shown, and the caller says the error above the form. (`showServerErrors` of `lib/form.ts` places
 * messages on top-level fields only.)
 */
export function showTemplateErrors(
  form: { getValues(): TemplateValues; setErrors(errors: FormErrors): void },
  error: unknown,
): boolean {
  const values = form.getValues();
  const shown = Object.entries(fieldErrorsOf(error, (path) => path) ?? {}).filter(
    ([path]) => SHOWN.test(path) && holds(values, path),
  );
  form.setErrors(Object.fromEntries(shown));
  return shown.length > 0;
}

/** A category of the tree with where it stands: its ancestors' ids and its path of names. */
export interface PlacedCategory {
  id: number;
  name: string;
  isFolder: boolean;
  ancestors: number[];
  path: string[];
}

/** Every category of the tree, in tree order, with its place. */
export function placeCategories(tree: readonly Category[]): PlacedCategory[] {
  const placed: PlacedCategory[] = [];
  const walk = (items: readonly Category[], ancestors: number[], path: string[]) => {
    for (const item of items) {
      const here = [...path, item.name];
      placed.push({ id: item.id, name: item.name, isFolder: item.is_folder, ancestors, path: here });
      walk(item.children, [...ancestors, item.id], here);
    }
  };
  walk(tree, [], []);
  return placed;
}

export interface Option {
  value: string;
  label: string;
}

/** The folders (`is_folder`) inside a category, at any depth: what a block's folders are picked from. */
export function foldersUnder(categories: readonly PlacedCategory[], categoryId: number): PlacedCategory[] {
  return categories.filter((category) => category.isFolder && category.ancestors.includes(categoryId));
}

/**
 * The categories a block may take: those with a folder inside (a block without folders cannot be
 * saved, spec §5), named by their path; and `keep`, the block's own, whatever it holds now.
 */
export function blockCategoryOptions(categories: readonly PlacedCategory[], keep: number | null): Option[] {
  return categories
    .filter((category) => category.id === keep || foldersUnder(categories, category.id).length > 0)
    .map((category) => ({ value: String(category.id), label: category.path.join(' / ') }));
}

/**
 * The folders a block may add: inside its category and not chosen yet, named by their path below
 * the block's category ("Whistling sounds", "Words / Long words").
 */
export function folderOptions(
  categories: readonly PlacedCategory[],
  categoryId: number,
  chosen: readonly number[],
): Option[] {
  const depth = categories.find((category) => category.id === categoryId)?.path.length ?? 0;
  return foldersUnder(categories, categoryId)
    .filter((folder) => !chosen.includes(folder.id))
    .map((folder) => ({ value: String(folder.id), label: folder.path.slice(depth).join(' / ') }));
}

/** A folder's name as the form shows it: its path below the block's category, else its own name. */
export function folderLabel(
  categories: readonly PlacedCategory[],
  categoryId: number | null,
  folderId: number,
): string | null {
  const folder = categories.find((category) => category.id === folderId);
  if (!folder) return null;
  const block = categories.find((category) => category.id === categoryId);
  return block && folder.ancestors.includes(block.id)
    ? folder.path.slice(block.path.length).join(' / ')
    : folder.path.join(' / ');
}
