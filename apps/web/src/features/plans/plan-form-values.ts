import { planInput, type Plan, type PlanInput } from '@logoschool/contract';
import type { FormErrors } from '@mantine/form';
import type { TFunction } from 'i18next';
import { ApiError } from '../../api/client.ts';
import { contractValidate } from '../../lib/form.ts';

/** A block as the form holds it: the folder picked (a radio's value, null while none) and bounds. */
export interface PlanBlockValues {
  key: string;
  folder_id: string | null;
  /** '' while the field is emptied. */
  min_presentations: number | string;
  max_presentations: number | string;
}

export interface PlanValues {
  deadline: string | null;
  blocks: PlanBlockValues[];
}

/** The form's values of a plan as the server has it. */
export function planValuesOf(plan: Plan): PlanValues {
  return {
    deadline: plan.deadline,
    blocks: plan.blocks.map((block) => ({
      key: block.key,
      folder_id: block.folder_id === null ? null : String(block.folder_id),
      min_presentations: block.min_presentations,
      max_presentations: block.max_presentations,
    })),
  };
}

const numberOrNothing = (value: number | string) => (value === '' ? undefined : Number(value));

/** The `PUT /protocols/:id` body the values stand for (what the contract's `planInput` judges). */
export function planBodyOf(values: PlanValues): PlanInput {
  return {
    deadline: values.deadline ?? '',
    blocks: values.blocks.map((block) => ({
      key: block.key,
      folder_id: (block.folder_id === null ? undefined : Number(block.folder_id)) as number,
      min_presentations: numberOrNothing(block.min_presentations) as number,
      max_presentations: numberOrNothing(block.max_presentations) as number,
    })),
  };
}

/** The form field of an API path: nested paths (`blocks.0.folder_id`) are the form's own. */
const samePath = (path: string) => path;

/**
 * The plan form's rules: the contract's `planInput` (each field's message as the server would say
 * it), and what only the plan knows, which the server checks too: every block has its folder (spec
 * §5: a plan is not saved while one has none) and its bounds stay within the template's.
 */
export function planValidate(plan: Plan, t: TFunction): (values: PlanValues) => FormErrors {
  const contract = contractValidate<PlanValues>(planInput, t, { toBody: planBodyOf, fieldOf: samePath });
  return (values) => {
    const errors: FormErrors = { ...contract(values) };
    values.blocks.forEach((block, index) => {
      const template = plan.blocks[index];
      if (!template) return;
      if (block.folder_id === null) {
        errors[`blocks.${index}.folder_id`] = t('plans.chooseFolder', { target: template.target });
      }
      const bounds = { min: template.template_min, max: template.template_max };
      for (const field of ['min_presentations', 'max_presentations'] as const) {
        const value = block[field];
        if (value === '' || !Number.isInteger(Number(value))) continue;
        if (Number(value) < bounds.min || Number(value) > bounds.max) {
          errors[`blocks.${index}.${field}`] = t('plans.outsideBounds', bounds);
        }
      }
    });
    return errors;
  };
}

export { blockErrorIndexes } from '../../lib/form.ts';

/**
 * A refused save split for the form: messages of the form's own fields (`deadline`,
 * `blocks.1.folder_id`…), and the rest as sentences for above the form (the server names a block
 * left out under `blocks`).
 */
export function serverRefusal(error: unknown, values: PlanValues): { fields: FormErrors; general: string[] } {
  if (!(error instanceof ApiError)) return { fields: {}, general: [] };
  const fields: FormErrors = {};
  const general: string[] = [];
  for (const [path, messages] of Object.entries(error.fieldErrors)) {
    const [first] = messages;
    if (first === undefined) continue;
    const [top, index, field] = path.split('.');
    const own =
      path === 'deadline' ||
      (top === 'blocks' &&
        index !== undefined &&
        values.blocks[Number(index)] !== undefined &&
        ['folder_id', 'min_presentations', 'max_presentations'].includes(field ?? ''));
    if (own) fields[path] = first;
    else general.push(...messages);
  }
  return { fields, general };
}
