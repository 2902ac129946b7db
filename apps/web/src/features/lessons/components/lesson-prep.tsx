import type { LessonCheck, LessonListItem } from '@logoschool/contract';
import { Group, List, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useLessonCheck } from '../api/lessons.ts';

/** At most this many things left are listed in a row; the rest is counted. */
const SHOWN = 3;

/** What a lesson's check says is left, one short line per block that lacks something. */
export function leftToPrepare(check: LessonCheck, t: TFunction): string[] {
  const lines: string[] = [];
  for (const block of check.blocks) {
    const params = {
      target: block.target,
      count: block.presentations,
      min: block.min_presentations,
      max: block.max_presentations,
    };
    if (block.presentations < block.min_presentations)
      lines.push(t('lessons.prep.block', { replace: params }));
    else if (block.presentations > block.max_presentations)
      lines.push(t('lessons.prep.blockAbove', { replace: params }));
    else if (block.problems[0]) lines.push(block.problems[0]);
  }
  return lines;
}

/**
 * What is left to prepare of a lesson: nothing once it is finished, the regeneration while it
 * runs, else that nothing is chosen yet or the blocks that lack presentations (asked of the
 * lesson's check only when the list says some block of a started lesson is not ready), and a
 * missing date.
 */
export function LessonPrep({ lesson }: { lesson: LessonListItem }) {
  const { t } = useTranslation();
  const blocksReady = lesson.blocks_ready === lesson.blocks_total;
  const empty = lesson.presentations === 0;
  const open = lesson.status === 'open' && !lesson.locked;
  const check = useLessonCheck(lesson.id, open && !blocksReady && !empty);

  if (lesson.status === 'finished') return <Text c="gray.7">—</Text>;
  if (lesson.locked)
    return (
      <Text size="sm" c="gray.8">
        {t('lessons.prep.locked')}
      </Text>
    );
  const lines = blocksReady
    ? []
    : empty
      ? [t('lessons.prep.empty')]
      : check.data
        ? leftToPrepare(check.data, t)
        : [t('lessons.prep.blocks', { ready: lesson.blocks_ready, total: lesson.blocks_total })];
  if (lesson.starts_at === null) lines.push(t('lessons.prep.noDate'));
  if (lines.length === 0)
    return (
      <Group gap={4} wrap="nowrap">
        <IconCircleCheck size={16} color="var(--mantine-color-teal-9)" aria-hidden />
        <Text size="sm">{t('lessons.prep.ready')}</Text>
      </Group>
    );
  return (
    <List size="sm" spacing={2} listStyleType="none">
      {lines.slice(0, SHOWN).map((line) => (
        <List.Item key={line}>{line}</List.Item>
      ))}
      {lines.length > SHOWN && (
        <List.Item>
          <Text span size="sm" c="gray.7">
            {t('lessons.prep.more', { count: lines.length - SHOWN })}
          </Text>
        </List.Item>
      )}
    </List>
  );
}
