/**
 * The schedule's date and time fields, on @mantine/dates: a date is typed (as 2026-05-01,
 * 5/1/2026 or May 1, 2026) or picked from a Sunday-first calendar, shown in US English
 * (reference §9), and held as YYYY-MM-DD (times use @mantine/dates' TimeInput, held as HH:mm).
 * Days before `notBefore` are greyed out in the calendar only: a typed earlier date still reaches
 * the form, whose schema says what is wrong with it (as the server would).
 */
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { DateInput, type DateInputProps } from '@mantine/dates';
import { dayLabel } from '../availability/month-grid';

dayjs.extend(customParseFormat);

/** How a picked date reads in its field: "May 1, 2026". */
export const DATE_FIELD_FORMAT = 'MMM D, YYYY';
const TYPED_FORMATS = ['YYYY-MM-DD', 'M/D/YYYY', 'MMM D, YYYY', 'MMMM D, YYYY'];

/** A complete typed date as YYYY-MM-DD, or null while it is not one yet. */
export function parseTypedDate(text: string): string | null {
  const parsed = dayjs(text.trim(), TYPED_FORMATS, 'en', true);
  return parsed.isValid() ? parsed.format('YYYY-MM-DD') : null;
}

/** The calendar's arrows, named for screen readers (its month title is named by its own text). */
const CALENDAR_LABELS = {
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  previousYear: 'Previous year',
  nextYear: 'Next year',
  previousDecade: 'Previous decade',
  nextDecade: 'Next decade',
};

type DateFieldProps = Omit<DateInputProps, 'value' | 'onChange'> & {
  value?: string;
  onChange?: (value: string) => void;
  /** The first day the calendar offers (YYYY-MM-DD). */
  notBefore?: string;
};

export function DateField({ value, onChange, notBefore, popoverProps, ...props }: DateFieldProps) {
  return (
    <DateInput
      {...props}
      // The calendar stays inside the dialog that holds the field: in a portal it would sit
      // outside every landmark (axe `region`), and it opens as soon as the field has focus.
      popoverProps={{ withinPortal: false, ...popoverProps }}
      value={value || null}
      onChange={(next) => onChange?.(next ?? '')}
      valueFormat={DATE_FIELD_FORMAT}
      dateParser={parseTypedDate}
      firstDayOfWeek={0}
      weekendDays={[]}
      hideOutsideDates
      getDayAriaLabel={(day) => dayLabel(day)}
      ariaLabels={CALENDAR_LABELS}
      excludeDate={notBefore ? (day) => day < notBefore : undefined}
    />
  );
}
