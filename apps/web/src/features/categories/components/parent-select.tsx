import { ROOT_PARENT, type Category } from '@logoschool/contract';
import { Select } from '@mantine/core';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { parentOptions } from '../tree-moves.ts';

interface ParentSelectProps {
  tree: Category[];
  /** The category being placed (left out with its subtree); null for a new one. */
  categoryId: number | null;
  /** A parent not to offer: the current one when moving. */
  exclude?: number;
  label: string;
  /** The chosen parent; null while none is chosen. */
  value: number | null;
  onChange(parent: number): void;
  error?: ReactNode;
}

/** A searchable choice of parent: the top of the tree, or a category named by its path. */
export function ParentSelect({
  tree,
  categoryId,
  exclude,
  label,
  value,
  onChange,
  error,
}: ParentSelectProps) {
  const { t } = useTranslation();
  const data = useMemo(
    () =>
      parentOptions(tree, categoryId)
        .filter((option) => option.id !== exclude)
        .map((option) => ({
          value: String(option.id),
          label: option.id === ROOT_PARENT ? t('categories.topLevel') : option.path.join(' / '),
        })),
    [tree, categoryId, exclude, t],
  );
  return (
    <Select
      label={label}
      data={data}
      value={value === null ? null : String(value)}
      onChange={(next) => onChange(next === null ? ROOT_PARENT : Number(next))}
      searchable
      allowDeselect={false}
      nothingFoundMessage={t('categories.noParentMatches')}
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
