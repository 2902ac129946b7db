import { ASSET_TYPES, type AssetType } from '@logoschool/contract';
import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The choice of one asset type, or all of them. */
export function AssetTypeFilter({
  value,
  onChange,
}: {
  value: AssetType | null;
  onChange(type: AssetType | null): void;
}) {
  const { t } = useTranslation();
  return (
    <SegmentedControl
      aria-label={t('assets.typeFilter')}
      value={value ?? 'all'}
      onChange={(next) => onChange(next === 'all' ? null : (next as AssetType))}
      data={[
        { value: 'all', label: t('assets.allTypes') },
        ...ASSET_TYPES.map((type) => ({ value: type, label: t(`assets.group.${type}`) })),
      ]}
      style={{ flexWrap: 'wrap' }}
    />
  );
}
