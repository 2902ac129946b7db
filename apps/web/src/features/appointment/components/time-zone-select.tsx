import { Select, type SelectProps } from '@mantine/core';
import { memo, useMemo } from 'react';
import { timeZoneOptions } from '../zones.ts';

/**
 * A searchable list of every time zone with its offset now and its city ("UTC+02:00 Jerusalem,
 * Tel Aviv (Asia/Jerusalem)"): typing London, Los Angeles or Tel Aviv finds the zone.
 */
export const TimeZoneSelect = memo(function TimeZoneSelect({
  value,
  onChange,
  ...props
}: Omit<SelectProps, 'data' | 'value' | 'onChange'> & { value: string; onChange: (zone: string) => void }) {
  const data = useMemo(() => timeZoneOptions(new Date(), [value]), [value]);
  return (
    <Select
      searchable
      allowDeselect={false}
      nothingFoundMessage="—"
      data={data}
      value={value}
      onChange={(zone) => {
        if (zone) onChange(zone);
      }}
      {...props}
    />
  );
});
