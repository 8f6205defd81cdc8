import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { zhCN } from '@mui/x-date-pickers/locales';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useEffect, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { validateDateRangeInput } from '../../src/domain/validation';

const FORMAT = 'YYYY-MM-DD';
const PICKER_TEXT = zhCN.components.MuiLocalizationProvider.defaultProps.localeText;

function parse(value: unknown): Dayjs | null {
  if (typeof value !== 'string' || !value) return null;
  const date = dayjs(value.slice(0, 10), FORMAT);
  return date.isValid() ? date : null;
}

function format(value: Dayjs | null): string {
  return value?.isValid() ? value.format(FORMAT) : '';
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

/**
 * The two pickers of a date-range filter inside react-admin's filter form. What the user picks stays here
 * until the range is whole and in order; only then are both keys written to the form (and so to the query):
 * a half-filled range shows 请选择结束时间 / 请选择开始时间 and runs nothing.
 */
export default function DateRangePickers({
  source,
  endSource,
  label,
}: {
  source: string;
  endSource: string;
  label: string;
}) {
  const form = useFormContext();
  const committedStart = useWatch({ name: source }) as unknown;
  const committedEnd = useWatch({ name: endSource }) as unknown;
  const [start, setStart] = useState<Dayjs | null>(() => parse(committedStart));
  const [end, setEnd] = useState<Dayjs | null>(() => parse(committedEnd));

  // Filters cleared or changed from outside (清除筛选, a link with a filter) show in the pickers.
  useEffect(() => setStart(parse(committedStart)), [committedStart]);
  useEffect(() => setEnd(parse(committedEnd)), [committedEnd]);

  const message = validateDateRangeInput(format(start), format(end));
  const choose = (nextStart: Dayjs | null, nextEnd: Dayjs | null) => {
    setStart(nextStart);
    setEnd(nextEnd);
    if (validateDateRangeInput(format(nextStart), format(nextEnd))) return;
    form.setValue(source, format(nextStart), { shouldDirty: true });
    form.setValue(endSource, format(nextEnd), { shouldDirty: true });
  };
  const field = { size: 'small' as const, error: Boolean(message), sx: { width: 176 } };

  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="zh-cn" localeText={PICKER_TEXT}>
      <Box role="group" aria-label={label} sx={{ display: 'flex', flexDirection: 'column', mb: 0.5 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <DatePicker
            label={`${label}起`}
            value={start}
            format={FORMAT}
            maxDate={end ?? undefined}
            onChange={(value) => choose(value, end)}
            slotProps={{ textField: field, field: { clearable: true } }}
          />
          <span aria-hidden="true">至</span>
          <DatePicker
            label={`${label}止`}
            value={end}
            format={FORMAT}
            minDate={start ?? undefined}
            onChange={(value) => choose(start, value)}
            slotProps={{ textField: field, field: { clearable: true } }}
          />
          {quickRanges(dayjs()).map(({ label: name, range }) => (
            <Button key={name} size="small" sx={{ minWidth: 0, px: 0.75 }} onClick={() => choose(range[0], range[1])}>
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
    </LocalizationProvider>
  );
}
