import { PER_PAGE_MAX, type Workspace } from '@logoschool/contract';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWorkspaces } from './api/workspaces.ts';

/**
 * Root's choice of the project a screen acts in (/users): the active projects, searched by name
 * on the server. Root has no header switcher (spec §2, §6), so a screen that acts in one project
 * offers this instead. With nothing chosen yet it takes the first project.
 */
export function ProjectPicker({
  value,
  onChange,
}: {
  value: Workspace | null;
  onChange: (projectId: number) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  // The box shows the chosen title while closed: that is no search.
  const term = search === value?.workspaceTitle ? '' : search.trim();
  const [debounced] = useDebouncedValue(term, 300);
  const projects = useWorkspaces('active', debounced, 1, PER_PAGE_MAX);
  const rows = projects.data?.data ?? [];
  const first = rows[0]?.workspaceId;

  useEffect(() => {
    if (value === null && first !== undefined && debounced === '') onChange(first);
  }, [value, first, debounced, onChange]);

  const options = rows.map((project) => ({
    value: String(project.workspaceId),
    label: project.workspaceTitle,
  }));
  // The chosen project stays an option when the search leaves it out, or when it is archived.
  if (value && !options.some((option) => option.value === String(value.workspaceId))) {
    options.unshift({
      value: String(value.workspaceId),
      label: value.archived
        ? t('projects.archivedTitle', { title: value.workspaceTitle })
        : value.workspaceTitle,
    });
  }

  return (
    <Select
      label={t('projects.picker')}
      data={options}
      value={value ? String(value.workspaceId) : null}
      onChange={(next) => {
        if (next) onChange(Number(next));
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: shown }) => shown}
      nothingFoundMessage={t('projects.empty')}
      allowDeselect={false}
      w={280}
      mt="xs"
      data-testid="project-picker"
    />
  );
}
