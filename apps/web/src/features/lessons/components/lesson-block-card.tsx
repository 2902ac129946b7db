import type { LessonBlock, LessonPresentation } from '@logoschool/contract';
import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowDown,
  IconArrowUp,
  IconCircleCheck,
  IconPlus,
  IconReplace,
  IconTrash,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { BlockCard } from '../../../components/block-card.tsx';
import { SlideThumbnail } from '../../../components/slide-thumbnail.tsx';
import { UsageLabel } from './usage-label.tsx';

export interface BlockEditing {
  add: () => void;
  replace: (position: number) => void;
  remove: (position: number) => void;
  move: (from: number, to: number) => void;
}

interface LessonBlockCardProps {
  block: LessonBlock;
  index: number;
  count: number;
  presentations: readonly LessonPresentation[];
  /** What is wrong with the block, said by the rules or the server. */
  error: string | null;
  /** How to change the block; none when the lesson cannot change (finished or being regenerated). */
  editing: BlockEditing | null;
}

/** Where the block stands against its bounds, in words (colour and icon only repeat them). */
function BoundsState({ count, min, max }: { count: number; min: number; max: number }) {
  const { t } = useTranslation();
  const within = count >= min && count <= max && count > 0;
  const said =
    count < min
      ? t('lessons.block.missing', { count: min - count })
      : count > max
        ? t('lessons.block.tooMany', { count: count - max })
        : t('lessons.block.within');
  return (
    <Group gap={4} wrap="nowrap">
      {within ? (
        <IconCircleCheck size={16} color="var(--mantine-color-teal-9)" aria-hidden />
      ) : (
        <IconAlertTriangle size={16} color="var(--mantine-color-red-9)" aria-hidden />
      )}
      {/* Mantine's darkest orange is 4.3:1 on white: a block out of its bounds says so in red.9. */}
      <Text size="sm" c={within ? 'teal.9' : 'red.9'}>
        {said}
      </Text>
    </Group>
  );
}

/**
 * One block of a lesson: its target, its bounds (min–max presentations, spec §5), and its
 * presentations in order, each with its first slide, title and how often a plan may use it; the
 * teacher replaces, adds, removes and moves them.
 */
export function LessonBlockCard({
  block,
  index,
  count,
  presentations,
  error,
  editing,
}: LessonBlockCardProps) {
  const { t } = useTranslation();
  const headingId = `lesson-block-${block.key}`;
  const errorId = `${headingId}-error`;
  const full = presentations.length >= block.max_presentations;
  return (
    <BlockCard
      headingId={headingId}
      position={t('lessons.block.of', { index: index + 1, count })}
      title={block.target}
      subtitle={
        <Text size="sm" c="gray.7">
          {t('lessons.block.folder', { folder: block.folder_name || block.category_name })}
        </Text>
      }
      aside={
        <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
          <Badge color="blue.9" variant="outline" tt="none">
            {t('lessons.block.bounds', { min: block.min_presentations, max: block.max_presentations })}
          </Badge>
          <BoundsState
            count={presentations.length}
            min={block.min_presentations}
            max={block.max_presentations}
          />
        </Stack>
      }
      invalid={error !== null}
      describedBy={error ? errorId : undefined}
      data={{ 'data-lesson-block-index': index }}
    >
      {presentations.length === 0 ? (
        <Text c="gray.7" size="sm">
          {t('lessons.block.empty')}
        </Text>
      ) : (
        <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {presentations.map((presentation, position) => (
            <Paper
              component="li"
              key={`${presentation.exercise_id}:${position}`}
              withBorder
              radius="sm"
              p="xs"
            >
              <Group wrap="nowrap" gap="sm">
                <Text fw={700} c="gray.7" w={20} ta="right" style={{ flexShrink: 0 }}>
                  {position + 1}
                </Text>
                <SlideThumbnail url={presentation.thumbnail_url} />
                <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                  <Text fw={600} lineClamp={2}>
                    {presentation.title}
                  </Text>
                  <Group gap="xs">
                    <UsageLabel usage={presentation.usage_frequency} />
                  </Group>
                </Stack>
                {editing && (
                  <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
                    <Tooltip label={t('lessons.block.moveUp')}>
                      <ActionIcon
                        variant="subtle"
                        color="gray.8"
                        disabled={position === 0}
                        aria-label={t('lessons.block.moveUpNamed', { title: presentation.title })}
                        onClick={() => editing.move(position, position - 1)}
                      >
                        <IconArrowUp size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={t('lessons.block.moveDown')}>
                      <ActionIcon
                        variant="subtle"
                        color="gray.8"
                        disabled={position === presentations.length - 1}
                        aria-label={t('lessons.block.moveDownNamed', { title: presentation.title })}
                        onClick={() => editing.move(position, position + 1)}
                      >
                        <IconArrowDown size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={t('lessons.block.replace')}>
                      <ActionIcon
                        variant="subtle"
                        color="blue.9"
                        aria-label={t('lessons.block.replaceNamed', { title: presentation.title })}
                        onClick={() => editing.replace(position)}
                      >
                        <IconReplace size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={t('lessons.block.remove')}>
                      <ActionIcon
                        variant="subtle"
                        color="red.9"
                        aria-label={t('lessons.block.removeNamed', { title: presentation.title })}
                        onClick={() => editing.remove(position)}
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                )}
              </Group>
            </Paper>
          ))}
        </Stack>
      )}

      {error && (
        <Text id={errorId} c="red.9" size="sm" role="alert">
          {error}
        </Text>
      )}

      {editing && (
        <Group gap="sm">
          <Button
            variant="light"
            size="sm"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={editing.add}
            disabled={full || block.folder_id === null}
            aria-label={t('lessons.block.addTo', { target: block.target })}
          >
            {t('lessons.block.add')}
          </Button>
          {full && (
            <Text size="sm" c="gray.7">
              {t('lessons.block.full', { count: block.max_presentations })}
            </Text>
          )}
        </Group>
      )}
    </BlockCard>
  );
}
