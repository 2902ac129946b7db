import { Button, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { TemplatesList } from './components/templates-list.tsx';

/**
 * /protocols-templates-teacher: the school's published templates to read and make plans from, and
 * the teacher's own, which she writes and sends for review (spec §2: read-only for others').
 */
export function TeacherTemplatesPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <PageHeader
        title={t('templates.title')}
        description={t('templates.teacherIntro')}
        actions={
          <Button component={Link} to="/edit-template" leftSection={<IconPlus size={16} />}>
            {t('templates.addOwn')}
          </Button>
        }
      />
      <TemplatesList audience="teacher" />
    </Stack>
  );
}

export default TeacherTemplatesPage;
