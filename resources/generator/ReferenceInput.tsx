import { useInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { ReferenceKind } from '../../src/domain/references';
import { ReferencePicker } from './ReferencePicker';
import { useValidationMessage } from './validationMessage';

export interface ReferenceInputProps {
  source: string;
  label: string;
  kind: ReferenceKind;
  required?: boolean;
  readOnly?: boolean;
  validate?: ReturnType<typeof import('./validators').fieldValidators>;
  /** A form field holding the edition the offered records must belong to (e.g. platformMark), or the edition. */
  editionSource?: string | number;
  /** Filters: react-admin's filter form passes these through. */
  alwaysOn?: boolean;
  /** A form's field (not a filter): only enabled records are offered. */
  usableOnly?: boolean;
  size?: 'small' | 'medium';
}

/**
 * A declared `reference` field or filter inside a react-admin form: the picker of names bound to the form value
 * (the id). The server's answer to a refused id lands on this input through the form's error mapping.
 */
export function ReferenceInput({
  source,
  label,
  kind,
  required,
  readOnly,
  validate,
  editionSource,
  size,
  usableOnly,
}: ReferenceInputProps) {
  const {
    field,
    fieldState: { error, invalid, isTouched },
    formState: { isSubmitted },
  } = useInput({ source, validate });
  const watched = typeof editionSource === 'string' ? editionSource : undefined;
  const watchedEdition = useWatch({ name: watched ?? '__none__', disabled: !watched });
  const edition = typeof editionSource === 'number' ? editionSource : watchedEdition;
  const message = useValidationMessage(error?.message);
  const shownError = invalid && (isTouched || isSubmitted) ? message : undefined;
  const platformMark = editionSource && edition !== '' && edition != null ? Number(edition) : undefined;
  return (
    <ReferencePicker
      kind={kind}
      label={label}
      value={field.value}
      onChange={(id) => field.onChange(id ?? '')}
      onBlur={field.onBlur}
      name={field.name}
      required={required}
      readOnly={readOnly}
      error={Boolean(shownError)}
      helperText={shownError ?? (size === 'small' ? undefined : ' ')}
      platformMark={Number.isSafeInteger(platformMark) ? platformMark : undefined}
      size={size}
      fullWidth={size !== 'small'}
      usableOnly={usableOnly}
    />
  );
}
