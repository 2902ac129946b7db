import type { ProtocolTemplate, TemplateAction } from '@logoschool/contract';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../i18n/dates.ts';
import { ReturnDialog } from './return-dialog.tsx';
import { TemplateStatusBadge } from './template-status-badge.tsx';

/** The order the steps show in; the one that moves the template on is filled. */
const FORWARD: ReadonlySet<TemplateAction> = new Set(['submit', 'publish']);

/** What happens next, in words, by where the template stands and what the caller may do. */
function hintOf(template: ProtocolTemplate, moderates: boolean): string | null {
  const { status, actions, version } = template;
  if (status === 'moderation') return moderates ? 'templates.hint.reviewing' : 'templates.hint.inReview';
  if (status === 'published') return template.editable ? 'templates.hint.published' : null;
  if (actions.includes('submit')) return 'templates.hint.draftWriter';
  if (version > 0) return 'templates.hint.draftOfPublished';
  return null;
}

/**
 * Where a template stands (spec §1: moderators review protocol templates): its status in words,
 * the published version, who wrote it, the moderator's comment when it was returned, and the steps
 * the API says the caller may take now (`actions`). Returning asks for the comment first.
 */
export function TemplateStatusBar({
  template,
  moderates,
  pending,
  refusal,
  onStep,
  onDelete,
}: {
  /** null for a template not saved yet. */
  template: ProtocolTemplate | null;
  moderates: boolean;
  /** The step under way. */
  pending: TemplateAction | null;
  /** Why the last step was refused, or null. */
  refusal: string | null;
  /** Takes a step (saving unsaved changes first): null when taken, else why not. */
  onStep: (action: TemplateAction, comment?: string) => Promise<string | null>;
  /** Asks to delete the template; absent when the caller may not. */
  onDelete?: () => void;
}) {
  const { t } = useTranslation();
  const [returning, setReturning] = useState(false);
  const hint = template
    ? hintOf(template, moderates)
    : moderates
      ? 'templates.hint.newModerator'
      : 'templates.hint.newWriter';
  const actions = template?.actions ?? [];

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="template-status-title">
      <Stack gap="sm">
        <Group justify="space-between" align="center" gap="sm">
          <Group gap="sm">
            <Title order={2} size="h5" id="template-status-title">
              {t('templates.statusTitle')}
            </Title>
            {template ? (
              <TemplateStatusBadge status={template.status} />
            ) : (
              <TemplateStatusBadge status="draft" />
            )}
            <Text size="sm" c="gray.7">
              {template && template.version > 0
                ? t('templates.versionLong', { version: template.version })
                : t('templates.notPublishedYet')}
              {template && (
                <>
                  {' · '}
                  {t('templates.writtenBy', { name: template.writer.name })}
                  {' · '}
                  {t('templates.updatedOn', { date: formatDate(template.updated_at) })}
                </>
              )}
            </Text>
          </Group>
          <Group gap="xs">
            {actions.map((action) => (
              <Button
                key={action}
                variant={FORWARD.has(action) ? 'filled' : 'default'}
                loading={pending === action}
                disabled={pending !== null && pending !== action}
                onClick={() => (action === 'return' ? setReturning(true) : void onStep(action))}
              >
                {t(`templates.actions.${action}`)}
              </Button>
            ))}
            {onDelete && (
              <Button
                variant="default"
                color="red.9"
                leftSection={<IconTrash size={16} />}
                onClick={onDelete}
              >
                {t('templates.delete')}
              </Button>
            )}
          </Group>
        </Group>
        {template?.comment && (
          <Alert color="yellow" title={t('templates.returnedComment')}>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {template.comment}
            </Text>
          </Alert>
        )}
        {hint && (
          <Text size="sm" c="gray.8">
            {t(hint, { version: template?.version ?? 0, name: template?.writer.name ?? '' })}
          </Text>
        )}
        {refusal && (
          <Alert color="red" role="alert">
            {refusal}
          </Alert>
        )}
      </Stack>
      <ReturnDialog
        opened={returning}
        onClose={() => setReturning(false)}
        onReturn={(comment) => onStep('return', comment)}
      />
    </Paper>
  );
}
