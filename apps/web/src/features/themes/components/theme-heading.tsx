import { THEME_GENDERS, type Theme } from '@logoschool/contract';
import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The top of a theme's assets screen: the way back, the theme's name, and whom it is for. */
export function ThemeHeading({
  theme,
  back,
  backLabel,
}: {
  theme: Theme | undefined;
  back: string;
  backLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={6}>
      <Anchor component={Link} to={back} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden />
          {backLabel}
        </Group>
      </Anchor>
      <Title order={1} size="h2">
        {theme ? t('themeAssets.title', { name: theme.name }) : t('themeAssets.titleLoading')}
      </Title>
      {theme && (
        <Text c="gray.7" size="sm">
          {[
            THEME_GENDERS.filter((gender) => theme.genders.includes(gender))
              .map((gender) => t(`themes.gender.${gender}`))
              .join(', '),
            t('themes.ageSpan', { from: theme.age_from, to: theme.age_to }),
            t(`themes.typeName.${theme.type}`),
          ].join(' · ')}
        </Text>
      )}
    </Stack>
  );
}
