import type { Language } from '@logoschool/contract';
import { Select, type SelectProps } from '@mantine/core';
import { memo, useMemo } from 'react';
import { countryOptions } from '../zones.ts';

/** A searchable list of the countries named in the page's language; the value is the ISO code. */
export const CountrySelect = memo(function CountrySelect({
  language,
  value,
  onChange,
  ...props
}: Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
  language: Language;
  value: string;
  onChange: (country: string) => void;
}) {
  const data = useMemo(() => countryOptions(language), [language]);
  return (
    <Select
      searchable
      allowDeselect={false}
      nothingFoundMessage="—"
      data={data}
      value={value || null}
      onChange={(country) => onChange(country ?? '')}
      {...props}
    />
  );
});
