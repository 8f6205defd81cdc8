import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { zhCN } from '@mui/x-date-pickers/locales';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/zh-cn';
import { type ReactNode, useEffect, useState } from 'react';
import { validateDateRangeInput } from '../../src/domain/validation';

/**
 * The Chinese date pickers (MUI X, dayjs zh-cn) as plain controlled fields on the API's text formats: a day
 * (YYYY-MM-DD), a month (YYYY-MM), a range of days with quick ranges. The generator's date-range filter and the
 * hand-built pages (statistics, finance) all use these; no page uses the browser's native date input.
 */
const PICKER_TEXT = zhCN.components.MuiLocalizationProvider.defaultProps.localeText;
const DAY = 'YYYY-MM-DD';
const MONTH = 'YYYY-MM';

export function ChineseDates({ children }: { children: ReactNode }) {
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="zh-cn" localeText={PICKER_TEXT}>
      {children}
    </LocalizationProvider>
  );
}

function parse(value: string, format: string): Dayjs | null {
  if (!value) return null;
  const date = dayjs(value.slice(0, format.length), format);
  return date.isValid() ? date : null;
}

function text(value: Dayjs | null, format: string): string {
  return value?.isValid() ? value.format(format) : '';
}

interface PickerFieldProps {
  label: string;
  /** YYYY-MM-DD (or YYYY-MM for a month); '' when empty. */
  value: string;
  /** The whole value, or '' while empty or half typed. */
  onChange: (value: string) => void;
  minDate?: string;
  maxDate?: string;
  error?: boolean;
  width?: number;
}

/**
 * One picker. What is being typed stays in the field (a half-typed date reports '' without being wiped);
 * a value changed from outside shows.
 */
function PickerField({
  label,
  value,
  onChange,
  minDate,
  maxDate,
  error,
  width,
  month,
}: PickerFieldProps & { month?: boolean }) {
  const format = month ? MONTH : DAY;
  const [shown, setShown] = useState<Dayjs | null>(() => parse(value, format));
  useEffect(
    () => setShown((current) => (text(current, format) === value ? current : parse(value, format))),
    [value, format],
  );
  return (
    <DatePicker
      label={label}
      value={shown}
      format={format}
      views={month ? ['year', 'month'] : undefined}
      openTo={month ? 'month' : undefined}
      minDate={minDate ? (parse(minDate, format) ?? undefined) : undefined}
      maxDate={maxDate ? (parse(maxDate, format) ?? undefined) : undefined}
      onChange={(next) => {
        setShown(next);
        onChange(text(next, format));
      }}
      // Wide enough for the whole value beside the calendar and clear buttons with a Chinese UI font.
      slotProps={{ textField: { size: 'small', error, sx: { width: width ?? 200 } }, field: { clearable: true } }}
    />
  );
}

/** A day picker (YYYY-MM-DD). */
export function DayField(props: PickerFieldProps) {
  return (
    <ChineseDates>
      <PickerField {...props} />
    </ChineseDates>
  );
}

/** A month picker (YYYY-MM): the calendar opens on the months of a year. */
export function MonthField(props: PickerFieldProps) {
  return (
    <ChineseDates>
      <PickerField {...props} month width={props.width ?? 176} />
    </ChineseDates>
  );
}

/** Element-style quick ranges, each [start, end] as of today. */
function quickRanges(today: Dayjs): readonly { label: string; range: [Dayjs, Dayjs] }[] {
  const lastMonth = today.subtract(1, 'month');
  return [
    { label: '今天', range: [today, today] },
    { label: '近7天', range: [today.subtract(6, 'day'), today] },
    { label: '本月', range: [today.startOf('month'), today] },
    { label: '上月', range: [lastMonth.startOf('month'), lastMonth.endOf('month')] },
  ];
}

export interface DateRangeFieldsProps {
  /** The group's name; the pickers are 「label起」 and 「label止」. */
  label: string;
  start: string;
  end: string;
  /** Every change of either end (a half-filled or reversed range included: the caller decides what to run). */
  onChange: (start: string, end: string) => void;
  /** Today's date (YYYY-MM-DD) the quick ranges count from; the browser's day when left out. */
  today?: string;
}

/**
 * Start and end pickers with quick ranges (今天, 近7天, 本月, 上月); a half-filled range or an end before the
 * start shows its message (validateDateRangeInput) under the pickers.
 */
export function DateRangeFields({ label, start, end, onChange, today }: DateRangeFieldsProps) {
  const message = validateDateRangeInput(start, end);
  const base = today ? dayjs(today, DAY) : dayjs();
  return (
    <ChineseDates>
      <Box role="group" aria-label={label} sx={{ display: 'flex', flexDirection: 'column', mb: 0.5 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <PickerField
            label={`${label}起`}
            value={start}
            maxDate={end || undefined}
            error={Boolean(message)}
            onChange={(value) => onChange(value, end)}
          />
          <span aria-hidden="true">至</span>
          <PickerField
            label={`${label}止`}
            value={end}
            minDate={start || undefined}
            error={Boolean(message)}
            onChange={(value) => onChange(start, value)}
          />
          {quickRanges(base).map(({ label: name, range }) => (
            <Button
              key={name}
              size="small"
              sx={{ minWidth: 0, px: 0.75 }}
              onClick={() => onChange(range[0].format(DAY), range[1].format(DAY))}
            >
              {name}
            </Button>
          ))}
        </Box>
        {message && (
          // Not a FormHelperText: react-admin's filter form hides those.
          <Box role="alert" sx={{ color: 'error.main', fontSize: 12, lineHeight: 1.66, mt: 0.25, ml: 1.75 }}>
            {message}
          </Box>
        )}
      </Box>
    </ChineseDates>
  );
}
