import { Button, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { useSession } from '../../session/session.tsx';
import { TemplatesList, type ListAudience } from './components/templates-list.tsx';

/** What each audience's screen says under its title and how it starts a template. */
const SCREENS: Record<ListAudience, { add: string; addTo: string; intro?: string }> = {
  moderator: { add: 'templates.add', addTo: '/create-template' },
  teacher: { add: 'templates.addOwn', addTo: '/edit-template', intro: 'templates.teacherIntro' },
};

/**
 * The protocol templates screen of an audience: /protocols-templates, the moderator's, every one of
 * the project under the project's name, to review and edit; /protocols-templates-teacher
 * (`TeacherTemplatesPage`), the school's published templates to read and make plans from, and the
 * teacher's own, which she writes and sends for review (spec §2: read-only for others').
 */
export function TemplatesPage({ audience = 'moderator' }: { audience?: ListAudience }) {
  const { t } = useTranslation();
  const { workspace } = useSession();
  const screen = SCREENS[audience];
  return (
    <Stack gap="md">
      <PageHeader
        title={t('templates.title')}
        description={screen.intro ? t(screen.intro) : workspace?.workspaceTitle}
        actions={
          <Button component={Link} to={screen.addTo} leftSection={<IconPlus size={16} />}>
            {t(screen.add)}
          </Button>
        }
      />
      <TemplatesList audience={audience} />
    </Stack>
  );
}

export default TemplatesPage;
