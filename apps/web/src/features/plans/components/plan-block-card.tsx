import { PROTOCOL_PRESENTATIONS_MAX, type PlanBlock } from '@logoschool/contract';
import { Badge, Group, NumberInput, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconFolder } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { BlockCard } from '../../../components/block-card.tsx';
import type { PlanValues } from '../plan-form-values.ts';

/** A labelled text of the template, or nothing when the template left it empty. */
function Described({ label, text }: { label: string; text: string }) {
  if (!text.trim()) return null;
  return (
    <div>
      <Text size="xs" fw={700} c="gray.7" tt="uppercase">
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
        {text}
      </Text>
    </div>
  );
}

interface PlanBlockCardProps {
  block: PlanBlock;
  index: number;
  count: number;
  form: UseFormReturnType<PlanValues>;
}

/**
 * One block of the plan: what the template says of it (target, category, the texts for the
 * educator and for the parents), the folder the teacher picks (one per block, spec §5), and how
 * many presentations a lesson takes from it, within the template's bounds.
 */
export function PlanBlockCard({ block, index, count, form }: PlanBlockCardProps) {
  const { t } = useTranslation();
  const path = `blocks.${index}` as const;
  const headingId = `plan-block-${block.key}`;
  const bounds = { min: block.template_min, max: block.template_max };
  const hasError = ['folder_id', 'min_presentations', 'max_presentations'].some(
    (field) => form.errors[`${path}.${field}`],
  );
  return (
    <BlockCard
      headingId={headingId}
      position={t('plans.blockOf', { index: index + 1, count })}
      title={block.target}
      aside={
        <Badge color="blue.9" variant="outline" style={{ flexShrink: 0 }}>
          {block.category_name}
        </Badge>
      }
      invalid={hasError}
      data={{ 'data-plan-block-index': index }}
    >
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <Described label={t('plans.forEducator')} text={block.description_educator} />
        <Described label={t('plans.forParents')} text={block.description_parents} />
      </SimpleGrid>
      <Radio.Group
        label={t('plans.folder')}
        description={t('plans.folderHint')}
        required
        {...form.getInputProps(`${path}.folder_id`)}
      >
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="sm" mt="xs">
          {block.folders.map((folder) => (
            <Radio.Card key={folder.category_id} value={String(folder.category_id)} radius="md" p="md">
              <Group wrap="nowrap" align="flex-start" gap="sm">
                <Radio.Indicator mt={2} />
                <Stack gap={4}>
                  <Group gap={6} wrap="nowrap">
                    <IconFolder size={16} aria-hidden />
                    <Text fw={600}>{folder.category_name}</Text>
                  </Group>
                  {folder.description_parents && (
                    <Text size="sm">
                      <Text span size="sm" c="gray.7">
                        {t('plans.forParents')}:{' '}
                      </Text>
                      {folder.description_parents}
                    </Text>
                  )}
                  {folder.indications_educator && (
                    <Text size="sm">
                      <Text span size="sm" c="gray.7">
                        {t('plans.indications')}:{' '}
                      </Text>
                      {folder.indications_educator}
                    </Text>
                  )}
                </Stack>
              </Group>
            </Radio.Card>
          ))}
        </SimpleGrid>
      </Radio.Group>
      <Group grow align="flex-start" gap="md" wrap="wrap">
        <PresentationsBound
          form={form}
          field={`${path}.min_presentations`}
          label={t('plans.minPresentations')}
          bounds={bounds}
        />
        <PresentationsBound
          form={form}
          field={`${path}.max_presentations`}
          label={t('plans.maxPresentations')}
          bounds={bounds}
        />
      </Group>
    </BlockCard>
  );
}

/** How many presentations a lesson takes from the block at least or at most, within the template's bounds. */
function PresentationsBound({
  form,
  field,
  label,
  bounds,
}: {
  form: UseFormReturnType<PlanValues>;
  field: string;
  label: string;
  bounds: { min: number; max: number };
}) {
  const { t } = useTranslation();
  return (
    <NumberInput
      label={label}
      description={t('plans.templateBounds', bounds)}
      min={bounds.min}
      max={bounds.max}
      clampBehavior="none"
      allowDecimal={false}
      allowNegative={false}
      maxLength={String(PROTOCOL_PRESENTATIONS_MAX).length}
      miw={180}
      {...form.getInputProps(field)}
    />
  );
}
