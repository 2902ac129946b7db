import { PER_PAGE_DEFAULT, type TranslationChange } from '@logoschool/contract';
import { Badge, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ListTable } from '../../../components/list/list-table.tsx';
import { useListControls } from '../../../components/list/use-list-controls.ts';
import { formatDateTime } from '../../../i18n/dates.ts';
import { useTranslationHistory } from '../api/translations.ts';

/**
 * The published changes, newest first: of one text (`textKey`, every form and language), or of
 * all texts. Each with who wrote it, who published it and when, its text before and after.
 */
export function TextHistory({ textKey }: { textKey?: string }) {
  const { t } = useTranslation();
  const list = useListControls();
  const history = useTranslationHistory({ key: textKey, page: list.page, per_page: PER_PAGE_DEFAULT });
  return (
    <Stack gap="xs">
      <Title order={textKey ? 3 : 2} size="h4">
        {t('localization.history.title')}
      </Title>
      <ListTable<TranslationChange>
        query={history}
        empty={t('localization.history.empty')}
        paging={list}
        label={t('localization.history.title')}
        rowKey={(change) => change.id}
        columns={[
          {
            key: 'when',
            header: t('localization.history.when'),
            nowrap: true,
            cell: (change) => formatDateTime(change.published_at),
          },
          {
            key: 'text',
            header: t('localization.history.text'),
            cell: (change) => (
              <Stack gap={2}>
                <Text size="xs" ff="monospace">
                  <Badge size="xs" variant="outline" mr={4}>
                    {change.language.toUpperCase()}
                  </Badge>
                  {change.key}
                </Text>
                <Text size="sm" td="line-through" c="gray.7">
                  {change.before}
                </Text>
                <Text size="sm">{change.after}</Text>
              </Stack>
            ),
          },
          {
            key: 'who',
            header: t('localization.history.who'),
            cell: (change) => (
              <Text size="sm">
                {t('localization.history.by', {
                  name: change.edited_by?.name ?? t('localization.history.nobody'),
                  by: change.published_by?.name ?? t('localization.history.nobody'),
                })}
              </Text>
            ),
          },
        ]}
      />
    </Stack>
  );
}
