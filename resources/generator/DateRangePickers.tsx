import { useEffect, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { validateDateRangeInput } from '../../src/domain/validation';
import { DateRangeFields } from './DateFields';

const day = (value: unknown) => (typeof value === 'string' ? value.slice(0, 10) : '');

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
  const committedStart = day(useWatch({ name: source }));
  const committedEnd = day(useWatch({ name: endSource }));
  const [start, setStart] = useState(committedStart);
  const [end, setEnd] = useState(committedEnd);

  // Filters cleared or changed from outside (清除筛选, a link with a filter) show in the pickers.
  useEffect(() => setStart(committedStart), [committedStart]);
  useEffect(() => setEnd(committedEnd), [committedEnd]);

  const choose = (nextStart: string, nextEnd: string) => {
    setStart(nextStart);
    setEnd(nextEnd);
    if (validateDateRangeInput(nextStart, nextEnd)) return;
    form.setValue(source, nextStart, { shouldDirty: true });
    form.setValue(endSource, nextEnd, { shouldDirty: true });
  };

  return <DateRangeFields label={label} start={start} end={end} onChange={choose} />;
}
