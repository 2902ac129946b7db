import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../session/session.tsx';
import { TemplatesList } from './components/templates-list.tsx';

/** /protocols-templates: the moderator's protocol templates, every one of the project, to review and edit. */
export function TemplatesPage() {
  const { t } = useTranslation();
  const { workspace } = useSession();
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1} size="h2">
            {t('templates.title')}
          </Title>
          <Text c="gray.7" size="sm">
            {workspace?.workspaceTitle}
          </Text>
        </div>
        <Button component={Link} to="/create-template" leftSection={<IconPlus size={16} />}>
          {t('templates.add')}
        </Button>
      </Group>
      <TemplatesList audience="moderator" />
    </Stack>
  );
}

export default TemplatesPage;
