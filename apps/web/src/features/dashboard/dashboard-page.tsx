import '@mantine/charts/styles.layer.css';
import { BarChart, LineChart } from '@mantine/charts';
import { Alert, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FullLoader } from '../../components/full-loader.tsx';
import { formatDate, formatDateTime } from '../../i18n/dates.ts';
import { useDashboard } from './api/get-dashboard.ts';

function Figure({ label, value, detail }: { label: string; value: number; detail?: string }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="sm" c="gray.7">
        {label}
      </Text>
      <Text fz={32} fw={700} lh={1.2}>
        {value}
      </Text>
      {detail && (
        <Text size="xs" c="gray.7">
          {detail}
        </Text>
      )}
    </Paper>
  );
}

/** /dashboard: the school at a glance, for root (spec §2); it grows as later areas land. */
export function DashboardPage() {
  const { t } = useTranslation();
  const dashboard = useDashboard();
  if (dashboard.isPending) return <FullLoader />;
  if (dashboard.isError) return <Alert color="red">{t('errors.generic')}</Alert>;
  const figures = dashboard.data;

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t('dashboard.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }}>
        <Figure
          label={t('dashboard.users')}
          value={figures.users.total}
          detail={t('dashboard.usersDetail', figures.users)}
        />
        <Figure
          label={t('dashboard.projects')}
          value={figures.projects.total}
          detail={t('dashboard.projectsDetail', figures.projects)}
        />
        <Figure
          label={t('dashboard.exercises')}
          value={figures.exercises.total}
          detail={t('dashboard.exercisesDetail', {
            accepted: figures.exercises.byStatus.find((row) => row.status === 'accepted')?.count ?? 0,
          })}
        />
        <Figure label={t('dashboard.students')} value={figures.students.total} />
        <Figure
          label={t('dashboard.lessons')}
          value={figures.lessons.total}
          detail={t('dashboard.lessonsDetail', figures.lessons)}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Paper withBorder p="md" radius="md">
          <Title order={2} size="h4" mb="md">
            {t('dashboard.signIns')}
          </Title>
          <LineChart
            h={240}
            data={figures.signIns.map((day) => ({ date: formatDate(day.date), count: day.count }))}
            dataKey="date"
            series={[{ name: 'count', label: t('dashboard.signInsSeries'), color: 'blue.9' }]}
            curveType="linear"
            yAxisProps={{ allowDecimals: false }}
            withDots={false}
          />
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Title order={2} size="h4" mb="md">
            {t('dashboard.roles')}
          </Title>
          {/* Data fields become SVG attributes in recharts: no key may be named like one (e.g. `role`). */}
          <BarChart
            h={240}
            data={figures.roles.map((row) => ({ label: t(`roles.${row.role}`), count: row.count }))}
            dataKey="label"
            orientation="vertical"
            yAxisProps={{ width: 130 }}
            xAxisProps={{ allowDecimals: false }}
            series={[{ name: 'count', label: t('dashboard.members'), color: 'teal.9' }]}
          />
        </Paper>
      </SimpleGrid>
      <Paper withBorder p="md" radius="md">
        <Title order={2} size="h4" mb="md">
          {t('dashboard.exercisesByStatus')}
        </Title>
        <BarChart
          h={220}
          data={figures.exercises.byStatus.map((row) => ({
            label: t(`exercises.statusName.${row.status}`),
            count: row.count,
          }))}
          dataKey="label"
          xAxisProps={{ interval: 0 }}
          yAxisProps={{ allowDecimals: false }}
          series={[{ name: 'count', label: t('dashboard.exercisesSeries'), color: 'blue.9' }]}
        />
      </Paper>
      <Group justify="flex-end">
        <Text size="xs" c="gray.7">
          {t('dashboard.generatedAt', { time: formatDateTime(figures.generated_at) })}
        </Text>
      </Group>
    </Stack>
  );
}

export default DashboardPage;
