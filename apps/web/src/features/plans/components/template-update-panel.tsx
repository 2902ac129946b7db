import type { BlockDifference, Plan, TemplateDifference } from '@logoschool/contract';
import { Alert, Badge, Button, Group, List, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const KIND_COLOR: Record<BlockDifference['kind'], string> = {
  added: 'teal.9',
  removed: 'red.9',
  changed: 'blue.9',
};

/** One block's difference: what happens to it, and what changes in it. */
function BlockDifferenceItem({ block }: { block: BlockDifference }) {
  const { t } = useTranslation();
  // "2–4 presentations per lesson": the upper bound picks the noun's form.
  const boundsText = (bounds: { min: number; max: number }) =>
    t('plans.update.bounds', { min: bounds.min, count: bounds.max });
  return (
    <List.Item>
      <Group gap="xs" wrap="wrap" align="baseline">
        <Badge color={KIND_COLOR[block.kind]} autoContrast size="sm" variant="filled">
          {t(`plans.update.kind.${block.kind}`)}
        </Badge>
        <Text span fw={600}>
          {block.target}
        </Text>
      </Group>
      <Text size="sm" c="gray.8">
        {block.kind === 'added' && t('plans.update.addedNote', { bounds: boundsText(block.to) })}
        {block.kind === 'removed' && t('plans.update.removedNote', { bounds: boundsText(block.from) })}
        {block.kind === 'changed' &&
          t('plans.update.changes', {
            list: block.changes.map((change) => t(`plans.update.change.${change}`)).join(', '),
          })}
      </Text>
      {block.kind === 'changed' && block.changes.includes('bounds') && (
        <Text size="sm" c="gray.8">
          {t('plans.update.boundsChanged', {
            from: boundsText(block.from),
            to: boundsText(block.to),
          })}
        </Text>
      )}
    </List.Item>
  );
}

/** The whole difference a newer template version would make: the template's texts and each block. */
export function TemplateDifferenceList({ difference }: { difference: TemplateDifference }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      {(difference.title || difference.description) && (
        <Text size="sm">
          {[
            difference.title ? t('plans.update.titleChanged') : null,
            difference.description ? t('plans.update.descriptionChanged') : null,
          ]
            .filter(Boolean)
            .join(' ')}
        </Text>
      )}
      {difference.blocks.length === 0 ? (
        <Text size="sm">{t('plans.update.noBlockChanges')}</Text>
      ) : (
        <List spacing="xs" listStyleType="none" aria-label={t('plans.update.blocksLabel')}>
          {difference.blocks.map((block) => (
            <BlockDifferenceItem key={`${block.kind}:${block.key}`} block={block} />
          ))}
        </List>
      )}
    </Stack>
  );
}

interface TemplateUpdatePanelProps {
  plan: Plan;
  difference: TemplateDifference;
  /** Whether the teacher kept her plan as it is: the difference shows on request, quietly. */
  kept: boolean;
  /** Unsaved changes in the form: applying or keeping waits for them to be saved or undone. */
  blocked: boolean;
  pending: 'apply' | 'keep' | null;
  /** What went wrong with the last try (a version published meanwhile). */
  notice: string | null;
  onApply(): void;
  onKeep(): void;
}

/**
 * "The template was updated (v1 → v2)": the difference block by block (added, removed, changed
 * blocks, changed bounds), and the two choices, apply it or keep the plan as it is.
 */
export function TemplateUpdatePanel({
  plan,
  difference,
  kept,
  blocked,
  pending,
  notice,
  onApply,
  onKeep,
}: TemplateUpdatePanelProps) {
  const { t } = useTranslation();
  const versions = { from: plan.template.version, to: plan.template.latest_version };
  const title = kept ? t('plans.update.keptTitle', versions) : t('plans.update.title', versions);
  return (
    <Alert
      color={kept ? 'gray' : 'blue'}
      variant="light"
      icon={<IconRefresh size={20} aria-hidden />}
      title={title}
      // A choice to make, not an interruption: a named region, read in its place.
      role="region"
      aria-label={title}
    >
      <Stack gap="sm">
        <Text size="sm">{t('plans.update.intro')}</Text>
        <TemplateDifferenceList difference={difference} />
        {notice && (
          <Text size="sm" c="red.9" role="alert">
            {notice}
          </Text>
        )}
        {blocked && (
          <Text size="sm" fw={600}>
            {t('plans.update.saveFirst')}
          </Text>
        )}
        <Group gap="sm">
          <Button onClick={onApply} loading={pending === 'apply'} disabled={blocked || pending === 'keep'}>
            {t('plans.update.apply', { version: versions.to })}
          </Button>
          {!kept && (
            <Button
              variant="default"
              onClick={onKeep}
              loading={pending === 'keep'}
              disabled={blocked || pending === 'apply'}
            >
              {t('plans.update.keep')}
            </Button>
          )}
        </Group>
      </Stack>
    </Alert>
  );
}
