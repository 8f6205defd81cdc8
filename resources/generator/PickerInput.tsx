import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import dayjs from 'dayjs';
import { ChineseDates } from './DateFields';
import 'dayjs/locale/zh-cn';
import { useInput } from 'react-admin';
import type { FieldDeclaration } from '../types';
import { useValidationMessage } from './validationMessage';
import { fieldValidators } from './validators';

/** The API's formats (DESIGN §2: times are YYYY-MM-DD HH:mm:ss in China time). */
const FORMATS = { date: 'YYYY-MM-DD', datetime: 'YYYY-MM-DD HH:mm:ss' } as const;

/**
 * A form's date or date-time field as a Chinese picker (MUI X, dayjs zh-cn); the record keeps the API's text
 * format. An incomplete or impossible date counts as empty, so the required check names the field.
 */
export default function PickerInput({ field }: { field: FieldDeclaration }) {
  const kind = field.type === 'datetime' ? 'datetime' : 'date';
  const {
    field: input,
    fieldState: { error, invalid, isTouched },
    formState: { isSubmitted },
  } = useInput({ source: field.source, validate: fieldValidators(field) });
  const value = typeof input.value === 'string' && input.value ? dayjs(input.value, FORMATS[kind]) : null;
  const message = useValidationMessage(error?.message);
  const shownError = invalid && (isTouched || isSubmitted) ? message : undefined;
  const Picker = kind === 'datetime' ? DateTimePicker : DatePicker;
  return (
    <ChineseDates>
      <Picker
        label={field.label}
        value={value?.isValid() ? value : null}
        format={FORMATS[kind]}
        ampm={false}
        readOnly={field.readOnly}
        onChange={(next) => input.onChange(next?.isValid() ? next.format(FORMATS[kind]) : '')}
        onClose={() => input.onBlur()}
        slotProps={{
          textField: {
            fullWidth: true,
            // The asterisk only: a native required attribute would have the browser block the submit
            // with its own English bubble instead of our message.
            slotProps: { inputLabel: { required: field.required } },
            error: Boolean(shownError),
            helperText: shownError ?? ' ',
            onBlur: input.onBlur,
            name: input.name,
          },
        }}
        sx={{ mb: 1 }}
      />
    </ChineseDates>
  );
}
