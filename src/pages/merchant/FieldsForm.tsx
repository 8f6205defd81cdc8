import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { type FormEvent, useEffect, useState } from 'react';
import { ApiError } from '../../../providers/httpClient';
import { NAMED_VALIDATORS, type ValidatorName } from '../../domain/validation';
import { showToast } from '../../shell/toast';

export interface FormField {
  source: string;
  label: string;
  validate?: ValidatorName;
  type?: 'text' | 'password';
}

type Values = Record<string, string>;

interface Props {
  title: string;
  fields: readonly FormField[];
  initial: Record<string, unknown>;
  /** Sends the values; a rejection carrying content.errors is shown on each field. */
  save: (values: Values) => Promise<unknown>;
  submitLabel?: string;
  /** Whether the form holds input not yet saved (the page asks before it is left: useLeaveGuard). */
  onDirtyChange?: (dirty: boolean) => void;
}

function valuesOf(fields: readonly FormField[], record: Record<string, unknown>): Values {
  return Object.fromEntries(fields.map((field) => [field.source, String(record[field.source] ?? '')]));
}

/**
 * A small form over shared validators (src/domain/validation) that also shows the server's content.errors and
 * reports whether it holds unsaved input.
 */
export function FieldsForm({ title, fields, initial, save, submitLabel = '保存', onDirtyChange }: Props) {
  const [values, setValues] = useState<Values>(() => valuesOf(fields, initial));
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => setValues(valuesOf(fields, initial)), [fields, initial]);
  const saved = valuesOf(fields, initial);
  const dirty = fields.some((field) => values[field.source] !== saved[field.source]);
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = Object.fromEntries(
      fields.map((field) => [
        field.source,
        field.validate ? NAMED_VALIDATORS[field.validate](values[field.source]) : undefined,
      ]),
    );
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setBusy(true);
    try {
      await save(values);
      showToast('保存成功', 'success');
    } catch (failure) {
      const content =
        failure instanceof ApiError ? (failure.content as { errors?: Record<string, string> } | null) : null;
      if (content?.errors) setErrors(content.errors);
      else showToast((failure as Error).message, 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box
      component="form"
      onSubmit={submit}
      noValidate
      aria-label={title}
      sx={{ display: 'grid', gap: 2, maxWidth: 480 }}
    >
      {fields.map((field) => (
        <TextField
          key={field.source}
          size="small"
          label={field.label}
          type={field.type ?? 'text'}
          value={values[field.source] ?? ''}
          onChange={(event) => setValues((current) => ({ ...current, [field.source]: event.target.value }))}
          error={!!errors[field.source]}
          helperText={errors[field.source] ?? ' '}
        />
      ))}
      <Box>
        <Button type="submit" variant="contained" disabled={busy}>
          {submitLabel}
        </Button>
      </Box>
    </Box>
  );
}
