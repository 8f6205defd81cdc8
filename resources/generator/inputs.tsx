import Box from '@mui/material/Box';
import { lazy, Suspense } from 'react';
import { NumberInput, SelectInput, TextInput } from 'react-admin';
import type { FieldDeclaration, FilterDeclaration } from '../types';
import { DateRangeFilter } from './DateRangeFilter';
import { RateInput } from './RateInput';
import { ReferenceInput } from './ReferenceInput';
import { RemoteSelectInput } from './RemoteSelectInput';
import { UploadInput } from './UploadInput';
import { fieldValidators } from './validators';

// Date pickers (MUI X, dayjs) load only with a form that has a date field.
const PickerInput = lazy(() => import('./PickerInput'));
// The Markdown editor loads only with a form that has one.
const MarkdownInput = lazy(() => import('./MarkdownInput').then((module) => ({ default: module.MarkdownInput })));

/** The form input of one declared field, with the shared validation rules. */
export function inputElement(field: FieldDeclaration) {
  const common = {
    source: field.source,
    label: field.label,
    key: field.source,
    validate: fieldValidators(field),
    readOnly: field.readOnly,
    fullWidth: true,
  };
  switch (field.type) {
    case 'enum':
      return <SelectInput {...common} choices={field.choices as never} />;
    case 'number':
      return field.choicesFrom ? (
        <RemoteSelectInput {...common} choicesFrom={field.choicesFrom} />
      ) : (
        <NumberInput {...common} />
      );
    case 'rate':
      return <RateInput key={field.source} field={field} />;
    case 'reference':
      if (!field.reference) throw new Error(`字段 ${field.source} 的声明缺少 reference（引用的记录种类）`);
      return (
        <ReferenceInput
          key={field.source}
          source={field.source}
          label={field.label}
          kind={field.reference}
          required={field.required}
          readOnly={field.readOnly}
          validate={common.validate}
          editionSource={field.referenceEdition}
          usableOnly
        />
      );
    case 'image':
    case 'file':
      return <UploadInput key={field.source} field={field} />;
    case 'date':
    case 'datetime':
      return (
        <Suspense key={field.source} fallback={<Box sx={{ height: 64 }} />}>
          <PickerInput field={field} />
        </Suspense>
      );
    case 'longtext':
      return field.editor?.kind === 'markdown' ? (
        <Suspense key={field.source} fallback={<Box sx={{ height: 320 }} />}>
          <MarkdownInput field={field} />
        </Suspense>
      ) : (
        <TextInput {...common} multiline minRows={4} />
      );
    default:
      return <TextInput {...common} />;
  }
}

/** Filter inputs; a date range is one filter of two pickers (start key and end key). */
export function filterElements(filters: readonly FilterDeclaration[]) {
  return filters.flatMap((filter) => {
    const common = { label: filter.label, alwaysOn: filter.alwaysOn };
    switch (filter.type) {
      case 'enum':
        return [<SelectInput key={filter.key} source={filter.key} {...common} choices={filter.choices as never} />];
      case 'number':
        return [
          filter.choicesFrom ? (
            <RemoteSelectInput key={filter.key} source={filter.key} {...common} choicesFrom={filter.choicesFrom} />
          ) : (
            <NumberInput key={filter.key} source={filter.key} {...common} />
          ),
        ];
      case 'reference':
        if (!filter.reference) throw new Error(`筛选项 ${filter.key} 的声明缺少 reference（引用的记录种类）`);
        return [
          <ReferenceInput
            key={filter.key}
            source={filter.key}
            label={filter.label}
            kind={filter.reference}
            alwaysOn={filter.alwaysOn}
            size="small"
          />,
        ];
      case 'dateRange':
        return [
          <DateRangeFilter
            key={filter.key}
            source={filter.key}
            endSource={filter.endKey ?? `${filter.key}End`}
            label={filter.label}
            alwaysOn={filter.alwaysOn}
          />,
        ];
      default:
        return [<TextInput key={filter.key} source={filter.key} {...common} resettable />];
    }
  });
}
