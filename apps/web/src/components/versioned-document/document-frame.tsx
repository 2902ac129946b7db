import { Alert, Anchor, Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState, type ComponentProps, type FormEventHandler, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { notifySuccess } from '../../lib/notify.ts';
import { leaveWithoutAsking } from '../../lib/unsaved-changes.ts';
import { ConfirmActionModal } from '../confirm-action-modal.tsx';
import { DocumentStatusBar } from './status-bar.tsx';
import { VersionHistory } from './version-history.tsx';
import { SectionHeading } from '../panel-section.tsx';

/** What deleting the document asks and says, in the area's words, and does. */
export interface DeleteTexts {
  title: string;
  message: string;
  confirm: string;
  /** The notice once it is deleted. */
  done: string;
  /** Deletes it; a refusal (409 in use) shows in the dialog. */
  run: () => Promise<unknown>;
  /** Where to go once it is deleted. */
  to: string;
}

/**
 * The edit page of a versioned document (decision 030), as every area's editor shows it: the way
 * back and the title, the status section with its steps, the versions and their differences, the
 * "in use" notice, and the area's form below (`children`, which ends with `SaveBar`). Deleting asks
 * first.
 */
export function DocumentFrame({
  back,
  title,
  status,
  history,
  remove,
  children,
}: {
  /** The way back: a link (which asks first while the form has unsaved changes, decision 033). */
  back: { label: string; to: string };
  title: string;
  status: Omit<ComponentProps<typeof DocumentStatusBar>, 'onDelete'>;
  /** The versions dialog; null before the first publication. */
  history: ComponentProps<typeof VersionHistory> | null;
  /** null when the caller may not delete it (or it is not saved yet). */
  remove: DeleteTexts | null;
  children: ReactNode;
}) {
  const [deleting, setDeleting] = useState(false);
  const navigate = useNavigate();
  return (
    <Stack gap="lg" maw={1100}>
      <div>
        <Anchor component={Link} to={back.to} size="sm">
          ← {back.label}
        </Anchor>
        <Title order={1} size="h2" mt="xs">
          {title}
        </Title>
      </div>
      <DocumentStatusBar
        {...status}
        extra={
          <>
            {status.extra}
            {history && <VersionHistory {...history} />}
          </>
        }
        onDelete={remove ? () => setDeleting(true) : undefined}
      />
      {children}
      {remove && (
        <ConfirmActionModal
          opened={deleting}
          title={remove.title}
          message={remove.message}
          confirmLabel={remove.confirm}
          onConfirm={async () => {
            await remove.run();
            notifySuccess(remove.done);
            // What was unsaved went with the document.
            leaveWithoutAsking(() => void navigate(remove.to));
          }}
          onClose={() => setDeleting(false)}
        />
      )}
    </Stack>
  );
}

/**
 * One section of a document's form, named by its heading (level 2) with an optional hint below;
 * `framed` draws it on a card (the document's own fields), else its items are the cards.
 */
export function DocumentSection({
  id,
  title,
  hint,
  framed = false,
  children,
}: {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  hint?: string;
  framed?: boolean;
  children: ReactNode;
}) {
  const heading = <SectionHeading id={id} title={title} hint={hint} />;
  if (!framed) {
    return (
      <Stack gap="md" component="section" aria-labelledby={id}>
        {heading}
        {children}
      </Stack>
    );
  }
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={id}>
      <Stack gap="md">
        {heading}
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * The document's form: the refusal that names no field on top, the area's sections, and the save
 * bar at its foot.
 */
export function DocumentForm({
  onSubmit,
  error,
  save,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** What the server said that no field shows; null when nothing. */
  error: string | null;
  save: ComponentProps<typeof SaveBar>;
  children: ReactNode;
}) {
  return (
    <Box component="form" onSubmit={onSubmit} noValidate>
      <Stack gap="lg">
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {children}
        <SaveBar {...save} />
      </Stack>
    </Box>
  );
}

/** The form's sticky foot: whether changes are unsaved, cancel and save (the form's submit). */
function SaveBar({ dirty, saving, onCancel }: { dirty: boolean; saving: boolean; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="sm" pos="sticky" bottom={0} style={{ zIndex: 4 }} shadow="sm">
      <Group justify="space-between">
        <Text size="sm" c="gray.7" aria-live="polite">
          {dirty ? t('versions.unsaved') : ''}
        </Text>
        <Group gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('actions.save')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

/** Puts the focus on the first field that says what is wrong, once the messages are shown. */
export function focusFirstProblem() {
  requestAnimationFrame(() => {
    document.querySelector<HTMLElement>('form [aria-invalid="true"]')?.focus();
  });
}
