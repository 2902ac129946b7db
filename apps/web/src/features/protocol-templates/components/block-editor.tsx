import { PROTOCOL_PRESENTATIONS_MAX, PROTOCOL_TEXT_MAX, PROTOCOL_TITLE_MAX } from '@logoschool/contract';
import {
  ActionIcon,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
  Tooltip,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconX } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ItemControls } from '../../../components/versioned-document/item-list.tsx';
import {
  blockCategoryOptions,
  folderLabel,
  folderOptions,
  type PlacedCategory,
  type TemplateValues,
} from '../template-form.ts';

/** The project's categories as the block editors read them: placed, or why not (yet). */
export interface CategoriesState {
  placed: PlacedCategory[];
  loading: boolean;
  failed: boolean;
}

/** An icon button with its name said and shown. */
function IconButton({
  label,
  onClick,
  disabled,
  children,
  danger,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={label}
        onClick={onClick}
        disabled={disabled}
        c={danger && !disabled ? 'red.9' : undefined}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * One block of the template form (spec §3): its target and category, the texts for parents and
 * for the educator, how many presentations a lesson takes from it, and the folders of its category
 * a plan picks one of, each with its own texts. Moved (dragged, by keyboard or the arrows) or
 * removed from its header.
 */
export function BlockEditor({
  form,
  index,
  categories,
  controls,
}: {
  form: UseFormReturnType<TemplateValues>;
  index: number;
  categories: CategoriesState;
  /** Its move and remove controls, from the blocks' list. */
  controls: ItemControls;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const path = `blocks.${index}`;
  const block = form.getValues().blocks[index];
  if (!block) return null;
  const number = index + 1;
  const categoryId = block.category_id === null ? null : Number(block.category_id);
  const chosen = block.folders.map((folder) => folder.category_id);
  const adding = categoryId === null ? [] : folderOptions(categories.placed, categoryId, chosen);
  const headingId = `block-title-${block.uid}`;
  const minProps = form.getInputProps(`${path}.min_presentations`);

  const addFolder = (value: string | null) => {
    if (value === null) return;
    const id = Number(value);
    form.insertListItem(`${path}.folders`, {
      category_id: id,
      name: categories.placed.find((category) => category.id === id)?.name ?? '',
      description_parents: '',
      indications_educator: '',
    });
    form.clearFieldError(`${path}.folders`);
    setSearch('');
  };

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            {controls.move}
            <Title order={3} size="h4" id={headingId}>
              {t('templates.blockNumber', { number })}
            </Title>
          </Group>
          {controls.remove}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('templates.target')}
            maxLength={PROTOCOL_TITLE_MAX}
            {...form.getInputProps(`${path}.target`)}
            required
          />
          <Select
            label={t('templates.category')}
            description={t('templates.categoryHint')}
            placeholder={categories.loading ? t('app.loading') : t('templates.categoryPlaceholder')}
            data={blockCategoryOptions(categories.placed, categoryId)}
            nothingFoundMessage={t('templates.nothingFound')}
            searchable
            allowDeselect={false}
            disabled={categories.loading}
            {...form.getInputProps(`${path}.category_id`)}
            error={
              form.getInputProps(`${path}.category_id`).error ??
              (categories.failed ? t('templates.categoriesFailed') : undefined)
            }
            required
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Textarea
            label={t('templates.descriptionParents')}
            description={t('templates.descriptionParentsHint')}
            autosize
            minRows={2}
            maxLength={PROTOCOL_TEXT_MAX}
            {...form.getInputProps(`${path}.description_parents`)}
          />
          <Textarea
            label={t('templates.descriptionEducator')}
            description={t('templates.descriptionEducatorHint')}
            autosize
            minRows={2}
            maxLength={PROTOCOL_TEXT_MAX}
            {...form.getInputProps(`${path}.description_educator`)}
          />
        </SimpleGrid>
        <Group gap="md" align="flex-start">
          <NumberInput
            label={t('templates.minPresentations')}
            min={1}
            max={PROTOCOL_PRESENTATIONS_MAX}
            allowDecimal={false}
            allowNegative={false}
            w={310}
            {...minProps}
            // The rule min ≤ max speaks on the maximum: changing the minimum judges it again.
            onBlur={(event) => {
              minProps.onBlur?.(event);
              form.validateField(`${path}.max_presentations`);
            }}
            required
          />
          <NumberInput
            label={t('templates.maxPresentations')}
            min={1}
            max={PROTOCOL_PRESENTATIONS_MAX}
            allowDecimal={false}
            allowNegative={false}
            w={310}
            {...form.getInputProps(`${path}.max_presentations`)}
            required
          />
        </Group>
        <Stack gap="sm">
          <div>
            <Title order={4} size="h5">
              {t('templates.folders')}
            </Title>
            <Text size="sm" c="gray.7">
              {t('templates.foldersHint')}
            </Text>
          </div>
          {block.folders.map((folder, position) => {
            const name = folderLabel(categories.placed, categoryId, folder.category_id) ?? folder.name;
            const folderPath = `${path}.folders.${position}`;
            const problem = form.errors[`${folderPath}.category_id`];
            return (
              <Paper
                key={folder.category_id}
                withBorder
                radius="sm"
                p="sm"
                bg="gray.0"
                role="group"
                aria-label={t('templates.folderNamed', { name })}
              >
                <Stack gap="xs">
                  <Group justify="space-between" wrap="nowrap">
                    <Text fw={600}>{name}</Text>
                    <IconButton
                      label={t('templates.removeFolder', { name })}
                      danger
                      onClick={() => form.removeListItem(`${path}.folders`, position)}
                    >
                      <IconX size={18} />
                    </IconButton>
                  </Group>
                  {problem && (
                    <Text size="sm" c="red.8" role="alert">
                      {problem}
                    </Text>
                  )}
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                    <Textarea
                      label={t('templates.folderParents')}
                      autosize
                      minRows={2}
                      maxLength={PROTOCOL_TEXT_MAX}
                      {...form.getInputProps(`${folderPath}.description_parents`)}
                    />
                    <Textarea
                      label={t('templates.indicationsEducator')}
                      autosize
                      minRows={2}
                      maxLength={PROTOCOL_TEXT_MAX}
                      {...form.getInputProps(`${folderPath}.indications_educator`)}
                    />
                  </SimpleGrid>
                </Stack>
              </Paper>
            );
          })}
          <Select
            label={t('templates.addFolder')}
            placeholder={
              categoryId === null
                ? t('templates.pickCategoryFirst')
                : adding.length === 0
                  ? t('templates.noFoldersLeft')
                  : t('templates.addFolderPlaceholder')
            }
            data={adding}
            value={null}
            onChange={addFolder}
            searchValue={search}
            onSearchChange={setSearch}
            searchable
            disabled={categoryId === null || adding.length === 0}
            nothingFoundMessage={t('templates.nothingFound')}
            error={form.errors[`${path}.folders`]}
            maw={420}
          />
        </Stack>
      </Stack>
    </Paper>
  );
}
