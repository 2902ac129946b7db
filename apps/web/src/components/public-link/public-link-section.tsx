import type { PublicLink } from '@logoschool/contract';
import { Alert, Button, Group, Paper, Stack, Text, Title, type TitleProps } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextOf } from '../../api/form-errors.ts';

/**
 * The section a subject's sharing sits in on its page (decision 029): its title, the wait for the
 * area's sharing state, a failure to try again, then the area's panel with the state.
 */
export function PublicLinkSection<T extends PublicLink>({
  title,
  size = 'h3',
  sharing,
  children,
}: {
  title: string;
  size?: TitleProps['size'];
  /** The area's query of how the subject is shared (the link's state with the area's own fields). */
  sharing: UseQueryResult<T>;
  children: (state: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Title order={2} size={size} id={titleId}>
          {title}
        </Title>
        {sharing.isPending && <Text c="gray.7">{t('app.loading')}</Text>}
        {sharing.isError && (
          <Group>
            <Alert color="red" role="alert">
              {errorTextOf(sharing.error)}
            </Alert>
            <Button variant="default" onClick={() => void sharing.refetch()}>
              {t('errors.tryAgain')}
            </Button>
          </Group>
        )}
        {sharing.data && children(sharing.data)}
      </Stack>
    </Paper>
  );
}
