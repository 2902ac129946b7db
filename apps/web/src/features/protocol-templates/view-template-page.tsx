import { roleMay } from '@logoschool/contract';
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconClipboardPlus, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { FullLoader } from '../../components/full-loader.tsx';
import { useSession } from '../../session/session.tsx';
import { formatDate } from '../../i18n/dates.ts';
import { routeId } from '../../lib/route-id.ts';
import { useTemplate } from './api/templates.ts';
import { TemplateContentView } from './components/template-content.tsx';
import { TemplateLoadFailed } from './components/template-load-states.tsx';
import { TemplateStatusBadge } from './components/template-status-badge.tsx';

/**
 * /view-template/:templateId (teacher): a template to read, as published, laid out block by block,
 * with the way to make a student's plan from it. Without an id, the list to open one from.
 */
export function ViewTemplatePage() {
  const { t } = useTranslation();
  const { role } = useSession();
  const { id: templateId, bad } = routeId(useParams().templateId);
  const template = useTemplate(templateId);
  const moderates = role !== null && roleMay(role, 'protocolTemplates.moderate');
  const back = moderates
    ? { to: '/protocols-templates', label: t('templates.backToList') }
    : { to: '/protocols-templates-teacher', label: t('templates.backToList') };

  if (bad) return <Navigate to="/not-found" replace />;
  if (templateId === null) return <Navigate to={back.to} replace />;
  if (template.isPending) return <FullLoader />;
  if (template.isError) {
    return <TemplateLoadFailed error={template.error} back={back} onRetry={() => void template.refetch()} />;
  }
  const item = template.data;
  const plans = role !== null && roleMay(role, 'plans.manage') && item.version > 0;

  return (
    <Stack gap="lg" maw={960}>
      <div>
        <Anchor component={Link} to={back.to} size="sm">
          ← {back.label}
        </Anchor>
        <Group justify="space-between" align="flex-start" mt="xs" gap="md">
          <Stack gap={4}>
            <Title order={1} size="h2">
              {item.title}
            </Title>
            <Group gap="sm">
              <TemplateStatusBadge status={item.status} />
              <Text size="sm" c="gray.7">
                {item.version > 0
                  ? t('templates.versionLong', { version: item.version })
                  : t('templates.notPublishedYet')}
                {' · '}
                {t('templates.writtenBy', { name: item.writer.name })}
                {' · '}
                {t('templates.updatedOn', { date: formatDate(item.updated_at) })}
              </Text>
            </Group>
          </Stack>
          <Group gap="sm">
            {item.editable && (
              <Button
                component={Link}
                to={`/edit-template/${item.id}`}
                variant="default"
                leftSection={<IconPencil size={16} />}
              >
                {t('templates.edit')}
              </Button>
            )}
            {plans && (
              <Button
                component={Link}
                to={`/create-protocol?template=${item.id}`}
                leftSection={<IconClipboardPlus size={16} />}
              >
                {t('templates.makePlan')}
              </Button>
            )}
          </Group>
        </Group>
      </div>
      <TemplateContentView template={item} />
    </Stack>
  );
}

export default ViewTemplatePage;
