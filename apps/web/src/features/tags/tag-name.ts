import { TAG_NAME_MAX, TAG_NAME_MIN } from '@logoschool/contract';
import type { TFunction } from 'i18next';

/** The contract's length rule of a tag name (spec §5), checked before sending; null when it holds. */
export function validateTagName(value: string, t: TFunction): string | null {
  const name = value.trim();
  if (!name) return t('validation.required');
  if (name.length < TAG_NAME_MIN) return t('validation.tooShort', { min: TAG_NAME_MIN });
  if (name.length > TAG_NAME_MAX) return t('validation.tooLong', { max: TAG_NAME_MAX });
  return null;
}
