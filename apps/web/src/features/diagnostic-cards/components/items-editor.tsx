import { DC_LABEL_MAX, DC_SCORE_LIMIT } from '@logoschool/contract';
import { Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { ItemList } from '../../../components/versioned-document/item-list.tsx';
import { newRow, newVariant, type CardValues, type RowValues, type VariantValues } from '../card-form.ts';

type Item = VariantValues | RowValues;

/**
 * The variants of a question, or a table's rows or columns: labels (and scores where they carry
 * one), added, removed, reordered by drag or by the move buttons. `path` is the list's form path.
 */
export function ItemsEditor({
  form,
  path,
  items,
  kind,
  max,
  min,
}: {
  form: UseFormReturnType<CardValues>;
  path: string;
  items: Item[];
  kind: 'variant' | 'row' | 'column';
  max: number;
  min: number;
}) {
  const { t } = useTranslation();
  const withScore = kind !== 'row';
  const error = form.errors[path];
  const nameOf = (index: number) => t(`diagnosticCards.${kind}N`, { n: index + 1 });
  return (
    <Stack gap={6} component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
      <Text component="legend" size="sm" fw={500}>
        {t(`diagnosticCards.list_${kind}`)}
      </Text>
      <ItemList
        items={items}
        idOf={(item) => item.uid}
        nameOf={nameOf}
        onMove={(from, to) => form.reorderListItem(path, { from, to })}
        onRemove={(index) => form.removeListItem(path, index)}
        min={min}
        gap={6}
        error={typeof error === 'string' || typeof error === 'number' ? error : undefined}
        add={{
          label: t(`diagnosticCards.add_${kind}`),
          max,
          compact: true,
          onAdd: () => {
            form.insertListItem(path, kind === 'row' ? newRow() : newVariant());
            form.clearFieldError(path);
          },
        }}
      >
        {(_item, index, controls) => (
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <div style={{ paddingTop: 4 }}>{controls.move}</div>
            <TextInput
              aria-label={nameOf(index)}
              placeholder={nameOf(index)}
              maxLength={DC_LABEL_MAX}
              style={{ flex: 1 }}
              {...form.getInputProps(`${path}.${index}.label`)}
            />
            {withScore && (
              <NumberInput
                aria-label={t('diagnosticCards.scoreOf', { name: nameOf(index) })}
                placeholder={t('diagnosticCards.score')}
                min={-DC_SCORE_LIMIT}
                max={DC_SCORE_LIMIT}
                w={96}
                {...form.getInputProps(`${path}.${index}.score`)}
              />
            )}
            <div style={{ paddingTop: 4 }}>{controls.remove}</div>
          </Group>
        )}
      </ItemList>
    </Stack>
  );
}
