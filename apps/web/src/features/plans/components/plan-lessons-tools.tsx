import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { IconBooks, IconCalendarPlus, IconWand } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextOf } from '../../../api/form-errors.ts';
import { notifySuccess, notifyWarning } from '../../../lib/notify.ts';
import { useFillPlan, usePlanSupply } from '../api/plan-lessons.ts';
import { ScheduleLessonsDialog } from './plan-schedule-dialogs.tsx';

/**
 * What the plan's lessons offer above their table (issue 27 items 4 and 5): scheduling them all in
 * one step and filling them all; `onChanged` says that the lessons changed.
 */
export function PlanLessonsActions({ planId, onChanged }: { planId: number; onChanged: () => void }) {
  const { t } = useTranslation();
  const [scheduling, setScheduling] = useState(false);
  const fill = useFillPlan(planId);
  const [error, setError] = useState<string | null>(null);
  const fillAll = async () => {
    setError(null);
    try {
      const done = await fill.mutateAsync(false);
      const short = done.lessons_to_fill.length - done.filled.length;
      if (short > 0) notifyWarning(t('plans.fill.partly', { count: done.filled.length }));
      else notifySuccess(t('plans.fill.done', { count: done.filled.length }));
      onChanged();
    } catch (failure) {
      setError(errorTextOf(failure));
    }
  };
  return (
    <Stack gap="xs" align="flex-end">
      <Group gap="sm" wrap="wrap" justify="flex-end">
        {/* The plan's course from a course template (issue 30; its words are the courses area's). */}
        <Button
          component={Link}
          to={`/plan-course/${planId}`}
          variant="default"
          leftSection={<IconBooks size={16} aria-hidden />}
        >
          {t('courses.fromPlan')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconCalendarPlus size={16} aria-hidden />}
          onClick={() => setScheduling(true)}
        >
          {t('plans.schedule.open')}
        </Button>
        <Button
          leftSection={<IconWand size={16} aria-hidden />}
          loading={fill.isPending}
          onClick={() => void fillAll()}
        >
          {t('plans.fill.open')}
        </Button>
      </Group>
      {error && (
        <Alert color="red" role="alert" w="100%">
          {error}
        </Alert>
      )}
      <ScheduleLessonsDialog
        planId={planId}
        opened={scheduling}
        onClose={() => setScheduling(false)}
        onDone={onChanged}
      />
    </Stack>
  );
}

/** Before filling: the blocks whose folders cannot give every lesson its minimum, and the fix. */
export function PlanSupplyNotice({ planId, freshness }: { planId: number; freshness: string }) {
  const { t } = useTranslation();
  const supply = usePlanSupply(planId, freshness);
  const shortages = supply.data?.shortages ?? [];
  if (shortages.length === 0) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      title={t('plans.fill.shortTitle')}
      // The light yellow's own title colour is too pale to read on its background.
      styles={{ title: { color: 'var(--mantine-color-dark-7)' } }}
      data-testid="plan-supply"
    >
      <Text size="sm" mb="xs">
        {t('plans.fill.shortIntro')}
      </Text>
      <List size="sm" spacing={6}>
        {shortages.map((shortage) => (
          <List.Item key={shortage.key}>{shortage.message}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
