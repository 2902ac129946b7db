import '@mantine/dates/styles.layer.css';
import { DatePickerInput, type DatePickerInputProps } from '@mantine/dates';
import { useId } from '@mantine/hooks';
import { IconCalendar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DATE_FORMAT } from '../i18n/dates.ts';
import classes from './date-field.module.css';

export interface DateFieldProps extends Omit<
  DatePickerInputProps,
  'type' | 'value' | 'defaultValue' | 'onChange' | 'valueFormat'
> {
  /** 'YYYY-MM-DD', or null (absent, empty) when no date is chosen. */
  value?: string | null;
  onChange: (value: string | null) => void;
}

/**
 * The one date field of the app: a calendar in the interface language, weeks from Monday (the
 * app's `DatesProvider`), the chosen date shown in the interface's short format (`DATE_FORMAT`, as
 * lists show dates), the value a calendar date 'YYYY-MM-DD' as the contract takes it. The calendar
 * is named by the field's label and shows only the month's own days.
 */
export function DateField({ value = null, onChange, id, ...props }: DateFieldProps) {
  const { t } = useTranslation();
  // One id for the field and its popover, so that the calendar is labelled by the field.
  const fieldId = useId(id);
  return (
    <DatePickerInput
      id={fieldId}
      // A form's empty text ('') is no date.
      value={value || null}
      onChange={(date) => onChange(date || null)}
      {...useCalendarProps(fieldId)}
      clearButtonProps={{ 'aria-label': t('dates.clear') }}
      {...props}
    />
  );
}

/**
 * What every date field of the app shows the same way: the short format, the placeholder, the
 * calendar icon, the calendar's labelled buttons in the interface language, and the popover
 * labelled by the field (`fieldId`).
 */
export function useCalendarProps(fieldId: string) {
  const { t } = useTranslation();
  return {
    valueFormat: DATE_FORMAT,
    placeholder: t('dates.placeholder'),
    leftSection: <IconCalendar size={16} stroke={1.6} aria-hidden />,
    leftSectionPointerEvents: 'none' as const,
    ariaLabels: {
      previousMonth: t('dates.previousMonth'),
      nextMonth: t('dates.nextMonth'),
      previousYear: t('dates.previousYear'),
      nextYear: t('dates.nextYear'),
      previousDecade: t('dates.previousDecade'),
      nextDecade: t('dates.nextDecade'),
    },
    popoverProps: { withinPortal: true, id: fieldId },
    hideOutsideDates: true,
    classNames: { day: classes.day },
  };
}
