import '@mantine/dates/styles.layer.css';
import { DatePickerInput, type DatePickerInputProps } from '@mantine/dates';
import { useId } from '@mantine/hooks';
import { IconCalendar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DATE_FORMAT } from '../i18n/dates.ts';
import classes from './date-field.module.css';

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
  const { t } = useTranslation();
  const fieldId = useId(id);
  return (
    <DatePickerInput
      type="range"
      id={fieldId}
      value={value}
      onChange={([from, to]) => onChange([from || null, to || null])}
      valueFormat={DATE_FORMAT}
      placeholder={t('dates.placeholder')}
      leftSection={<IconCalendar size={16} stroke={1.6} aria-hidden />}
      leftSectionPointerEvents="none"
      ariaLabels={{
        previousMonth: t('dates.previousMonth'),
        nextMonth: t('dates.nextMonth'),
        previousYear: t('dates.previousYear'),
        nextYear: t('dates.nextYear'),
        previousDecade: t('dates.previousDecade'),
        nextDecade: t('dates.nextDecade'),
      }}
      popoverProps={{ withinPortal: true, id: fieldId }}
      hideOutsideDates
      allowSingleDateInRange
      classNames={{ day: classes.day }}
      {...props}
    />
  );
}
