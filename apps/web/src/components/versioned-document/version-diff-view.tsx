import type { VersionChangeKind, VersionsDiff } from '@logoschool/contract';
import { Badge, Group, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The area's names for its items' kinds and fields (`block`, `presentations`…). */
export interface DiffLabels {
  kind: (kind: string) => string;
  field: (field: string) => string;
}

const SHADES: Record<VersionChangeKind, string> = {
  added: 'teal.9',
  removed: 'red.9',
  changed: 'blue.9',
  moved: 'gray.7',
};

/**
 * The difference between two versions as a list a moderator reads (decision 030): the document's
 * own fields that changed, then each item added, removed, changed or moved, named by its kind and
 * label, where it sits, and which of its fields changed.
 */
export function VersionDiffView({ diff, labels }: { diff: VersionsDiff; labels: DiffLabels }) {
  const { t } = useTranslation();
  const fieldsOf = (fields: readonly string[]) => fields.map((field) => labels.field(field)).join(', ');
  if (diff.fields.length === 0 && diff.changes.length === 0) {
    return <Text size="sm">{t('versions.noDifferences')}</Text>;
  }
  return (
    <Stack gap="xs">
      {diff.fields.length > 0 && (
        <Text size="sm">{t('versions.ownFieldsChanged', { fields: fieldsOf(diff.fields) })}</Text>
      )}
      <List listStyleType="none" spacing="xs" aria-label={t('versions.changesList')}>
        {diff.changes.map((change) => (
          <List.Item key={change.key}>
            <Group gap="xs" wrap="nowrap" align="baseline">
              <Badge color={SHADES[change.change]} autoContrast variant="filled" miw={88}>
                {t(`versions.change.${change.change}`)}
              </Badge>
              <Text size="sm">
                {t('versions.itemNamed', { kind: labels.kind(change.kind), label: change.label })}
                {change.parent_label !== null && ` ${t('versions.inParent', { label: change.parent_label })}`}
                {change.position !== null && ` · ${t('versions.atPlace', { n: change.position + 1 })}`}
                {change.fields.length > 0 &&
                  ` · ${t('versions.fieldsChanged', { fields: fieldsOf(change.fields) })}`}
              </Text>
            </Group>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
