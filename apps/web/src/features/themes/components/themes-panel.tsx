import type { Theme } from '@logoschool/contract';
import { Button, Stack, VisuallyHidden } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextOf } from '../../../api/form-errors.ts';
import { useActingFor } from '../../../session/session.tsx';
import { notifyError } from '../../../lib/notify.ts';
import { useToggleReady } from '../api/toggle-ready.ts';
import { DeleteThemeModal } from './delete-theme-modal.tsx';
import { ThemeFormModal, type ThemeFormTarget } from './theme-form-modal.tsx';
import { ThemeStatisticBar } from './theme-statistic.tsx';
import { ThemesList } from './themes-list.tsx';
import type { ThemeRowActions } from './themes-table.tsx';

/**
 * The project's themes (the "Interests" tab of /themes): figures, filters, and the table with
 * create, edit, ready and delete for the themes the project owns; shared ones are read-only.
 */
export function ThemesPanel() {
  const { t } = useTranslation();
  const acting = useActingFor('themes.manage');
  const toggle = useToggleReady();
  const [form, setForm] = useState<ThemeFormTarget | null>(null);
  const [deleting, setDeleting] = useState<Theme | null>(null);
  // Said to screen readers after a switch, which otherwise changes without a word.
  const [announcement, setAnnouncement] = useState('');

  const actions: ThemeRowActions | undefined = acting
    ? {
        edit: (theme) => setForm({ kind: 'edit', theme }),
        remove: setDeleting,
        toggleReady: (theme) => {
          setAnnouncement('');
          toggle.mutate(theme, {
            onSuccess: (saved) =>
              setAnnouncement(
                t(saved.ready ? 'themes.nowReady' : 'themes.nowNotReady', { name: saved.name }),
              ),
            onError: (error) =>
              notifyError(t('themes.toggleFailed', { name: theme.name, reason: errorTextOf(error) })),
          });
        },
      }
    : undefined;
  const create = () => setForm({ kind: 'create' });

  return (
    <Stack gap="md">
      <ThemeStatisticBar />
      <ThemesList
        workspaceId={acting?.workspace_id ?? null}
        assetsPath={(theme) => `/theme-assets/${theme.id}`}
        actions={actions}
        toolbar={
          acting && (
            <Button leftSection={<IconPlus size={16} />} onClick={create}>
              {t('themes.add')}
            </Button>
          )
        }
        emptyText={(narrowed) =>
          t(narrowed ? 'themes.noMatches' : acting ? 'themes.empty' : 'themes.emptyReadOnly')
        }
        emptyAction={
          acting && (
            <Button variant="light" leftSection={<IconPlus size={16} />} onClick={create}>
              {t('themes.addFirst')}
            </Button>
          )
        }
      />
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      {acting && (
        <>
          <ThemeFormModal target={form} onClose={() => setForm(null)} />
          <DeleteThemeModal theme={deleting} onClose={() => setDeleting(null)} />
        </>
      )}
    </Stack>
  );
}
