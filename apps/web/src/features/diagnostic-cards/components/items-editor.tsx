import { DC_LABEL_MAX, DC_SCORE_LIMIT } from '@logoschool/contract';
import { ActionIcon, Button, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { newRow, newVariant, type CardValues, type RowValues, type VariantValues } from '../card-form.ts';
import { SortableItem, SortableList } from './sortable.tsx';

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
  const move = (from: number, to: number) => form.reorderListItem(path, { from, to });
  const error = form.errors[path];
  return (
    <Stack gap={6} component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
      <Text component="legend" size="sm" fw={500}>
        {t(`diagnosticCards.list_${kind}`)}
      </Text>
      <SortableList ids={items.map((item) => item.uid)} onMove={move}>
        {items.map((item, index) => {
          const name = t(`diagnosticCards.${kind}N`, { n: index + 1 });
          return (
            <SortableItem
              key={item.uid}
              id={item.uid}
              move={{ index, count: items.length, onMove: move, name }}
            >
              {(controls) => (
                <Group gap="xs" align="flex-start" wrap="nowrap">
                  <div style={{ paddingTop: 4 }}>{controls}</div>
                  <TextInput
                    aria-label={name}
                    placeholder={name}
                    maxLength={DC_LABEL_MAX}
                    style={{ flex: 1 }}
                    {...form.getInputProps(`${path}.${index}.label`)}
                  />
                  {withScore && (
                    <NumberInput
                      aria-label={t('diagnosticCards.scoreOf', { name })}
                      placeholder={t('diagnosticCards.score')}
                      min={-DC_SCORE_LIMIT}
                      max={DC_SCORE_LIMIT}
                      w={96}
                      {...form.getInputProps(`${path}.${index}.score`)}
                    />
                  )}
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    mt={4}
                    aria-label={t('diagnosticCards.remove', { name })}
                    disabled={items.length <= min}
                    onClick={() => form.removeListItem(path, index)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              )}
            </SortableItem>
          );
        })}
      </SortableList>
      {typeof error === 'string' || typeof error === 'number' ? (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      ) : null}
      <Button
        variant="subtle"
        size="compact-sm"
        w="fit-content"
        leftSection={<IconPlus size={14} />}
        disabled={items.length >= max}
        onClick={() => {
          form.insertListItem(path, kind === 'row' ? newRow() : newVariant());
          form.clearFieldError(path);
        }}
      >
        {t(`diagnosticCards.add_${kind}`)}
      </Button>
    </Stack>
  );
}
