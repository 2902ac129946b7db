import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

/** The search box of a list: labelled by its placeholder, with a search icon. */
export function SearchInput({
  label,
  value,
  onChange,
  width = 360,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  width?: number;
}) {
  return (
    <TextInput
      aria-label={label}
      placeholder={label}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      w="100%"
      maw={width}
    />
  );
}
