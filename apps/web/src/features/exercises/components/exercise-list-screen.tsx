import { Button, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { useSession } from '../../../session/session.tsx';
import type { ExerciseListKind } from '../api/exercises.ts';
import { ContinueCard } from './continue-card.tsx';
import { ExerciseList } from './exercise-list.tsx';

interface ScreenTexts {
  title: string;
  add: string;
  addTo: string;
  /** A second way out of the list, beside the button that starts a new one. */
  also?: { label: string; to: string };
}

const SCREENS: Record<ExerciseListKind, ScreenTexts> = {
  author: {
    title: 'exercises.authorTitle',
    add: 'exercises.add',
    addTo: '/create-exercise-author',
    also: { label: 'exercises.library.open', to: '/public-exercises' },
  },
  moderator: {
    title: 'exercises.moderatorTitle',
    add: 'exercises.request.new',
    addTo: '/create-exercise-moderator',
    also: { label: 'autoModeration.open', to: '/auto-moderation' },
  },
};

/** An exercise list screen: its title, the project, the button that starts a new one, the list. */
export function ExerciseListScreen({ kind }: { kind: ExerciseListKind }) {
  const { t } = useTranslation();
  const { workspace } = useSession();
  const screen = SCREENS[kind];
  return (
    <Stack gap="md">
      <PageHeader
        title={t(screen.title)}
        description={workspace?.workspaceTitle}
        actions={
          <>
            {screen.also && (
              <Button component={Link} to={screen.also.to} variant="default">
                {t(screen.also.label)}
              </Button>
            )}
            <Button component={Link} to={screen.addTo} leftSection={<IconPlus size={16} />}>
              {t(screen.add)}
            </Button>
          </>
        }
      />
      {kind === 'author' && <ContinueCard />}
      <ExerciseList kind={kind} />
    </Stack>
  );
}
