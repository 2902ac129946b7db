import { Button, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../session/session.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { TemplatesList } from './components/templates-list.tsx';

/** /protocols-templates: the moderator's protocol templates, every one of the project, to review and edit. */
export function TemplatesPage() {
  const { t } = useTranslation();
  const { workspace } = useSession();
  return (
    <Stack gap="md">
      <PageHeader
        title={t('templates.title')}
        description={workspace?.workspaceTitle}
        actions={
          <Button component={Link} to="/create-template" leftSection={<IconPlus size={16} />}>
            {t('templates.add')}
          </Button>
        }
      />
      <TemplatesList audience="moderator" />
    </Stack>
  );
}

export default TemplatesPage;
