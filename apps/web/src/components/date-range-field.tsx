import '@mantine/dates/styles.layer.css';
import { DatePickerInput, type DatePickerInputProps } from '@mantine/dates';
import { useId } from '@mantine/hooks';
import { useCalendarProps } from './date-field.tsx';

/** Two calendar days 'YYYY-MM-DD', either null while not chosen. */
export type DayRangeValue = [string | null, string | null];

export interface DateRangeFieldProps extends Omit<
  DatePickerInputProps<'range'>,
  'type' | 'value' | 'defaultValue' | 'onChange' | 'valueFormat'
> {
  value: DayRangeValue;
  onChange: (value: DayRangeValue) => void;
}

/**
 * A range of days, as `DateField` is one day: the calendar in the interface language, weeks from
 * Monday (the app's `DatesProvider`), the days shown in the interface's short format.
 */
export function DateRangeField({ value, onChange, id, ...props }: DateRangeFieldProps) {
  const fieldId = useId(id);
  return (
    <DatePickerInput
      type="range"
      id={fieldId}
      value={value}
      onChange={([from, to]) => onChange([from || null, to || null])}
      {...useCalendarProps(fieldId)}
      allowSingleDateInRange
      {...props}
    />
  );
}
