import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TemplatesList } from './components/templates-list.tsx';

/**
 * /protocols-templates-teacher: the school's published templates to read and make plans from, and
 * the teacher's own, which she writes and sends for review (spec §2: read-only for others').
 */
export function TeacherTemplatesPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1} size="h2">
            {t('templates.title')}
          </Title>
          <Text c="gray.7" size="sm" maw={640}>
            {t('templates.teacherIntro')}
          </Text>
        </div>
        <Button component={Link} to="/edit-template" leftSection={<IconPlus size={16} />}>
          {t('templates.addOwn')}
        </Button>
      </Group>
      <TemplatesList audience="teacher" />
    </Stack>
  );
}

export default TeacherTemplatesPage;
