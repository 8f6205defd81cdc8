import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useInput } from 'react-admin';
import { parseRatePercent, ratePercentText } from '../../src/domain/rates';
import type { FieldDeclaration } from '../types';
import { useValidationMessage } from './validationMessage';
import { fieldValidators } from './validators';

type FormValue = number | string | null;

/** What the form holds for a typed text: the stored integer of a rate, null for nothing, else the text itself. */
function formValue(text: string): FormValue {
  const units = parseRatePercent(text);
  return units === undefined ? text : units;
}

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

/** The text an input shows for a value the form was given (a loaded record's 650 reads 6.5). */
function shownText(value: unknown): string {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return ratePercentText(value);
  if (typeof value === 'string' && /^\d+$/.test(value)) return ratePercentText(value);
  return isEmpty(value) ? '' : String(value);
}

/**
 * A rate typed as a percentage (6 or 6.5, up to two decimals, with 「%」 beside the box), held by the form as the
 * API's integer in 1/10000 (650). The box keeps exactly what is typed, so 6.0 on its way to 6.05 is not rewritten to
 * 6; a value the form gets from elsewhere (a record loaded, a reset) replaces the text unless the text already means
 * it. A text that is no rate stays in the form as text, which the rate rule (src/domain/rates.ts) refuses.
 */
export function RateInput({ field }: { field: FieldDeclaration }) {
  const {
    field: input,
    fieldState: { error, invalid, isTouched },
    formState: { isSubmitted },
  } = useInput({ source: field.source, validate: fieldValidators(field) });
  const [text, setText] = useState(() => shownText(input.value));
  useEffect(() => {
    setText((current) => {
      const meant = formValue(current);
      const same = meant === input.value || (isEmpty(meant) && isEmpty(input.value));
      return same ? current : shownText(input.value);
    });
  }, [input.value]);
  const message = useValidationMessage(error?.message);
  const shownError = invalid && (isTouched || isSubmitted) ? message : undefined;
  return (
    <TextField
      label={field.label}
      name={input.name}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        input.onChange(formValue(event.target.value));
      }}
      onBlur={input.onBlur}
      inputRef={input.ref}
      fullWidth
      error={Boolean(shownError)}
      helperText={shownError ?? ' '}
      className={`ra-input ra-input-${field.source}`}
      slotProps={{
        // The asterisk only: a native required attribute would have the browser block the submit with its own bubble.
        inputLabel: { required: field.required },
        htmlInput: { inputMode: 'decimal', autoComplete: 'off', readOnly: field.readOnly },
        input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
      }}
    />
  );
}
