import { Badge, SegmentedControl, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** One tab of a list: its value, what it says, and how many rows it holds when the list counts. */
export interface StatusOption<V extends string> {
  value: V;
  label: string;
  /** Unknown while counting, absent where the list does not count. */
  count?: number | undefined;
}

/**
 * The statuses (or other parts) a list is split into, one chosen: as a segmented control with the
 * count after each label ("Draft (3)"), or as tabs (`tabs`) with the count in a badge. `capped`
 * counts are lower bounds and say so with a "+" (decision 017); a count still unknown shows "…".
 */
export function StatusTabs<V extends string>({
  label,
  value,
  onChange,
  options,
  tabs = false,
  capped = false,
}: {
  /** The control's accessible name. */
  label: string;
  value: V;
  onChange(value: NoInfer<V>): void;
  options: StatusOption<V>[];
  tabs?: boolean;
  capped?: boolean;
}) {
  const { i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const counted = (count: number) => `${number.format(count)}${capped ? '+' : ''}`;
  if (tabs) {
    return (
      <Tabs value={value} onChange={(next) => next !== null && onChange(next as V)}>
        <Tabs.List aria-label={label}>
          {options.map((option) => (
            <Tabs.Tab
              key={option.value}
              value={option.value}
              rightSection={
                'count' in option && (
                  <Badge size="sm" variant="outline" color="gray.8" aria-hidden={option.count === undefined}>
                    {option.count === undefined ? '…' : counted(option.count)}
                  </Badge>
                )
              }
            >
              {option.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
    );
  }
  return (
    <SegmentedControl
      aria-label={label}
      w="fit-content"
      value={value}
      onChange={(next) => onChange(next as V)}
      data={options.map((option) => ({
        value: option.value,
        label: option.count === undefined ? option.label : `${option.label} (${counted(option.count)})`,
      }))}
    />
  );
}
