import { ASSET_TYPES, type AssetType } from '@logoschool/contract';

/** Items by asset type, in ASSET_TYPES order, leaving out the types that have none. */
export function groupByType<T extends { type: AssetType }>(items: readonly T[]): [AssetType, T[]][] {
  return ASSET_TYPES.flatMap((type) => {
    const ofType = items.filter((item) => item.type === type);
    return ofType.length > 0 ? [[type, ofType] as [AssetType, T[]]] : [];
  });
}
