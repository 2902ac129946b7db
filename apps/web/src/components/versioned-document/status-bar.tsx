import { stepNeedsComment, type DocumentStatus, type DocumentStep } from '@logoschool/contract';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { formatDate } from '../../i18n/dates.ts';
import { DocumentStatusBadge } from './status-badge.tsx';
import { StepCommentDialog, type CommentTexts } from './step-comment-dialog.tsx';

/** The steps that move a document on: filled; the others (take back, return) plain. */
const FORWARD: ReadonlySet<DocumentStep> = new Set(['submit', 'publish']);

/** Where a versioned document stands, as its edit page shows it. */
export interface DocumentState {
  status: DocumentStatus;
  /** The latest published version; 0 before the first. */
  version: number;
  writer?: { name: string };
  updated_at?: string;
  /** What the moderator said when returning it; empty when not returned. */
  comment?: string;
}

/** The area's words for the status section. */
export interface StatusTexts {
  status: (status: DocumentStatus) => string;
  step: (step: DocumentStep) => string;
  /** What happens next, in words; null for nothing to say. */
  hint: string | null;
  /** The dialog of a step that needs a comment, with the contract's schema of its body. */
  comment?: { texts: CommentTexts; schema: z.ZodType };
}

/**
 * The status section of a versioned document's edit page (decision 030): its status in words, the
 * published version, who wrote it and when it changed, the moderator's comment when it was
 * returned, a notice when something is made from it, and the steps the caller may take now. A
 * step that needs a comment asks for it first.
 */
export function DocumentStatusBar({
  document,
  texts,
  steps,
  pending,
  refusal,
  inUse,
  extra,
  onStep,
  onDelete,
}: {
  /** null for a document not saved yet (shown as a draft). */
  document: DocumentState | null;
  texts: StatusTexts;
  /** The steps offered now. */
  steps: readonly DocumentStep[];
  /** The step under way. */
  pending: DocumentStep | null;
  /** Why the last step was refused, or null. */
  refusal: string | null;
  /** "In use" notice: what is made from it, in the area's words; null when nothing is. */
  inUse?: string | null;
  /** More buttons of the area (a preview). */
  extra?: ReactNode;
  /** Takes a step (saving unsaved changes first): null when taken, else why not. */
  onStep: (step: DocumentStep, comment?: string) => Promise<string | null>;
  /** Asks to delete the document; absent when the caller may not. */
  onDelete?: () => void;
}) {
  const { t } = useTranslation();
  const [commenting, setCommenting] = useState<DocumentStep | null>(null);
  const status = document?.status ?? 'draft';
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="document-status-title">
      <Stack gap="sm">
        <Group justify="space-between" align="center" gap="sm">
          <Group gap="sm">
            <Title order={2} size="h5" id="document-status-title">
              {t('versions.statusTitle')}
            </Title>
            <DocumentStatusBadge status={status} label={texts.status(status)} />
            <Text size="sm" c="gray.7">
              {document && document.version > 0
                ? t('versions.version', { version: document.version })
                : t('versions.notPublishedYet')}
              {document?.writer && ` · ${t('versions.writtenBy', { name: document.writer.name })}`}
              {document?.updated_at &&
                ` · ${t('versions.updatedOn', { date: formatDate(document.updated_at) })}`}
            </Text>
          </Group>
          <Group gap="xs">
            {extra}
            {steps.map((step) => (
              <Button
                key={step}
                variant={FORWARD.has(step) ? 'filled' : 'default'}
                loading={pending === step}
                disabled={pending !== null && pending !== step}
                onClick={() =>
                  stepNeedsComment(step) && texts.comment ? setCommenting(step) : void onStep(step)
                }
              >
                {texts.step(step)}
              </Button>
            ))}
            {onDelete && (
              <Button
                variant="default"
                color="red.9"
                leftSection={<IconTrash size={16} />}
                onClick={onDelete}
              >
                {t('versions.delete')}
              </Button>
            )}
          </Group>
        </Group>
        {document?.comment && (
          <Alert color="yellow" title={t('versions.returnedComment')}>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {document.comment}
            </Text>
          </Alert>
        )}
        {inUse && (
          <Alert color="blue" title={t('versions.inUseTitle')}>
            <Text size="sm">{inUse}</Text>
          </Alert>
        )}
        {texts.hint && (
          <Text size="sm" c="gray.8">
            {texts.hint}
          </Text>
        )}
        {refusal && (
          <Alert color="red" role="alert">
            {refusal}
          </Alert>
        )}
      </Stack>
      {texts.comment && (
        <StepCommentDialog
          step={commenting ?? 'return'}
          opened={commenting !== null}
          texts={texts.comment.texts}
          schema={texts.comment.schema}
          onClose={() => setCommenting(null)}
          onSend={(comment) => onStep(commenting ?? 'return', comment)}
        />
      )}
    </Paper>
  );
}
