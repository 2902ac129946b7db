import { PROTOCOL_PRESENTATIONS_MAX, type PlanBlock } from '@logoschool/contract';
import { Badge, Group, NumberInput, Paper, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconFolder } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
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
    <Paper
      withBorder
      radius="md"
      p="lg"
      component="section"
      aria-labelledby={headingId}
      data-plan-block-index={index}
      style={hasError ? { borderColor: 'var(--mantine-color-red-8)' } : undefined}
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Text size="xs" c="gray.7">
              {t('plans.blockOf', { index: index + 1, count })}
            </Text>
            <Title order={3} size="h4" id={headingId}>
              {block.target}
            </Title>
          </div>
          <Badge color="blue.9" variant="outline" style={{ flexShrink: 0 }}>
            {block.category_name}
          </Badge>
        </Group>
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
          <NumberInput
            label={t('plans.minPresentations')}
            description={t('plans.templateBounds', bounds)}
            min={bounds.min}
            max={bounds.max}
            clampBehavior="none"
            allowDecimal={false}
            allowNegative={false}
            maxLength={String(PROTOCOL_PRESENTATIONS_MAX).length}
            miw={180}
            {...form.getInputProps(`${path}.min_presentations`)}
          />
          <NumberInput
            label={t('plans.maxPresentations')}
            description={t('plans.templateBounds', bounds)}
            min={bounds.min}
            max={bounds.max}
            clampBehavior="none"
            allowDecimal={false}
            allowNegative={false}
            maxLength={String(PROTOCOL_PRESENTATIONS_MAX).length}
            miw={180}
            {...form.getInputProps(`${path}.max_presentations`)}
          />
        </Group>
      </Stack>
    </Paper>
  );
}
