import {
  LANGUAGES,
  PER_PAGE_DEFAULT,
  TRANSLATION_FILTERS,
  type Language,
  type TranslationEntry,
  type TranslationFilter,
} from '@logoschool/contract';
import { Badge, Button, Group, SegmentedControl, Stack, Tabs, Text } from '@mantine/core';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GuardedDrawer } from '../../components/dialog-form.tsx';
import { ListTable } from '../../components/list/list-table.tsx';
import { StatusTabs } from '../../components/list/status-tabs.tsx';
import { useListControls } from '../../components/list/use-list-controls.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { SearchInput } from '../../components/search-input.tsx';
import { LANGUAGE_LABELS } from '../../i18n/i18n.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { exportLanguage, usePublish, useTranslationSummary, useTranslations } from './api/translations.ts';
import { ImportDialog } from './components/import-dialog.tsx';
import { TextEditor } from './components/text-editor.tsx';
import { TextHistory } from './components/text-history.tsx';

/** The text in use of a language: the draft marked as such, else the published or shipped one. */
function InUse({ entry, language }: { entry: TranslationEntry; language: Language }) {
  const { t } = useTranslation();
  const forms = entry.languages[language].forms;
  const shown = forms.find((form) => form.form === 'other') ?? forms[0];
  if (!shown) return null;
  return (
    <Stack gap={2}>
      <Text size="sm">{shown.draft ?? shown.published ?? shown.shipped ?? '—'}</Text>
      {shown.draft !== null && (
        <Badge size="xs" color="yellow.9" variant="light">
          {t('localization.state.draft')}
        </Badge>
      )}
    </Stack>
  );
}

/** What a text's state is in a language, as badges. */
function States({ entry, language }: { entry: TranslationEntry; language: Language }) {
  const { t } = useTranslation();
  const here = entry.languages[language];
  return (
    <Group gap={4}>
      {here.missing && <Badge color="red.9">{t('localization.state.missing')}</Badge>}
      {here.same && <Badge color="gray.8">{t('localization.state.same')}</Badge>}
      {here.forms.some((form) => form.published !== null) && (
        <Badge color="teal.9">{t('localization.state.overridden')}</Badge>
      )}
      {entry.counted && (
        <Badge variant="outline" color="gray.8">
          {t('localization.plural')}
        </Badge>
      )}
    </Group>
  );
}

/**
 * /localization (root; issue 33 item 3): the interface's texts, found by key or by words in any
 * language, those missing or identical to English per language; a text is changed with its plural
 * forms as a draft, the drafts published at once (the interface shows them without a new build);
 * a language's file exported and imported; the published changes with who and when.
 */
export function LocalizationPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'texts' | 'history'>('texts');
  const [language, setLanguage] = useState<Language>('uk');
  const [editing, setEditing] = useState<TranslationEntry | null>(null);
  const [importing, setImporting] = useState(false);
  const list = useListControls<{ filter: TranslationFilter }>({ filter: 'all' });
  const summary = useTranslationSummary();
  const publish = usePublish();
  const texts = useTranslations({
    search: list.search,
    language,
    filter: list.filter.filter,
    page: list.page,
    per_page: PER_PAGE_DEFAULT,
  });
  const counts = summary.data?.languages[language];
  const drafts = summary.data
    ? LANGUAGES.reduce((sum, lang) => sum + summary.data.languages[lang].draft, 0)
    : 0;
  const filters = TRANSLATION_FILTERS.filter((filter) => filter !== 'same' || language !== 'en');

  return (
    <Stack gap="md">
      <PageHeader
        title={t('localization.title')}
        description={
          counts ? t('localization.total', { count: counts.total }) : t('localization.description')
        }
        actions={
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={() => void exportLanguage(language)}
            >
              {t('localization.export', { language: LANGUAGE_LABELS[language] })}
            </Button>
            <Button
              variant="default"
              leftSection={<IconUpload size={16} aria-hidden />}
              onClick={() => setImporting(true)}
            >
              {t('localization.import', { language: LANGUAGE_LABELS[language] })}
            </Button>
            <Button
              disabled={drafts === 0}
              loading={publish.isPending}
              onClick={async () => {
                await publish.mutateAsync();
                notifySuccess(t('localization.published'));
              }}
            >
              {t('localization.publish', { count: drafts })}
            </Button>
          </Group>
        }
      />
      <Tabs value={tab} onChange={(next) => setTab(next === 'history' ? 'history' : 'texts')}>
        <Tabs.List>
          <Tabs.Tab value="texts">{t('localization.tabs.texts')}</Tabs.Tab>
          <Tabs.Tab value="history">{t('localization.tabs.history')}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {tab === 'history' ? (
        <TextHistory />
      ) : (
        <>
          <Group gap="md" align="flex-end">
            <SegmentedControl
              aria-label={t('localization.language')}
              value={language}
              onChange={(next) => {
                setLanguage(next as Language);
                if (next === 'en' && list.filter.filter === 'same') list.setFilter({ filter: 'all' });
              }}
              data={LANGUAGES.map((lang) => ({ value: lang, label: LANGUAGE_LABELS[lang] }))}
            />
            <SearchInput label={t('localization.search')} value={list.term} onChange={list.setTerm} />
          </Group>
          <StatusTabs
            tabs
            label={t('localization.filterLabel')}
            value={list.filter.filter}
            onChange={(filter) => list.setFilter({ filter })}
            options={filters.map((filter) => ({
              value: filter,
              label: t(`localization.filters.${filter}`),
              count: counts ? (filter === 'all' ? counts.total : counts[filter]) : undefined,
            }))}
          />
          <ListTable<TranslationEntry>
            query={texts}
            empty={list.narrowed ? t('localization.nothingMatches') : t('localization.empty')}
            paging={list}
            label={t('localization.title')}
            rowKey={(entry) => entry.key}
            columns={[
              {
                key: 'key',
                header: t('localization.key'),
                cell: (entry) => (
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    ff="monospace"
                    styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
                    onClick={() => setEditing(entry)}
                    aria-label={t('localization.edit', { key: entry.key })}
                  >
                    {entry.key}
                  </Button>
                ),
              },
              {
                key: 'en',
                header: LANGUAGE_LABELS.en,
                cell: (entry) => <InUse entry={entry} language="en" />,
              },
              {
                key: 'language',
                header: LANGUAGE_LABELS[language],
                hidden: language === 'en',
                cell: (entry) => <InUse entry={entry} language={language} />,
              },
              {
                key: 'state',
                header: t('localization.stateHeader'),
                cell: (entry) => <States entry={entry} language={language} />,
              },
            ]}
          />
        </>
      )}
      <GuardedDrawer
        opened={editing !== null}
        onClose={() => setEditing(null)}
        position="right"
        size="lg"
        title={t('localization.editTitle', { language: LANGUAGE_LABELS[language] })}
      >
        {editing && (
          <TextEditor
            key={`${editing.key}:${language}`}
            entry={editing}
            language={language}
            onDone={() => setEditing(null)}
          />
        )}
      </GuardedDrawer>
      <ImportDialog language={importing ? language : null} onClose={() => setImporting(false)} />
    </Stack>
  );
}

export default LocalizationPage;
