import Autocomplete, { type AutocompleteRenderInputParams } from '@mui/material/Autocomplete';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { type HTMLAttributes, type Key, useEffect, useState } from 'react';
import { requestContent } from '../../providers/httpClient';
import { useRemoteChoices } from '../../src/components/useRemoteChoices';
import type { Page } from '../../src/domain/codes';
import type { ReferenceKind } from '../../src/domain/references';
import type { ActionPromptField } from '../types';
import { ReferencePicker } from './ReferencePicker';
import { knownReference, type ReferenceOption, rememberReference, useReferenceSearch } from './referenceOptions';

export interface PromptInputProps {
  field: ActionPromptField;
  value: string | readonly string[] | undefined;
  onChange: (value: string | readonly string[]) => void;
  error?: string;
  /** The row's edition, for a reference prompt with `referenceEdition`. */
  platformMark?: number;
}

/** One input of a row action's dialog, by the prompt's type (resources/types.ts ActionPromptField). */
export function PromptInput({ field, value, onChange, error, platformMark }: PromptInputProps) {
  const common = {
    label: field.label,
    required: field.required,
    error: Boolean(error),
    helperText: error || undefined,
    fullWidth: true,
  };
  if (field.type === 'reference' && field.reference) {
    if (field.multiple) {
      return (
        <ReferenceMultiPicker
          {...common}
          kind={field.reference}
          platformMark={platformMark}
          value={Array.isArray(value) ? value : []}
          onChange={onChange}
        />
      );
    }
    return (
      <ReferencePicker
        {...common}
        kind={field.reference}
        platformMark={platformMark}
        size="small"
        value={typeof value === 'string' ? value : ''}
        onChange={(id) => onChange(id === null ? '' : String(id))}
        usableOnly
      />
    );
  }
  if (field.type === 'choice') {
    return (
      <ChoiceSelect {...common} field={field} value={typeof value === 'string' ? value : ''} onChange={onChange} />
    );
  }
  if (field.type === 'search' && field.search) {
    return (
      <SearchPicker
        {...common}
        search={field.search}
        value={typeof value === 'string' ? value : ''}
        onChange={onChange}
      />
    );
  }
  return (
    <TextField
      {...common}
      type={field.type === 'number' ? 'number' : 'text'}
      size="small"
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

interface InputCommon {
  label: string;
  required?: boolean;
  error: boolean;
  helperText?: string;
  fullWidth: boolean;
}

/** A picker's option: its name (keyed by id, as names may repeat). */
function renderNamedOption(
  attributes: HTMLAttributes<HTMLLIElement> & { key?: Key },
  option: { id: Key; name: string },
) {
  return (
    <li {...attributes} key={option.id}>
      {option.name}
    </li>
  );
}

/** A name-search picker's text box, with the prompt's label, required mark and message. */
function searchInput(common: InputCommon) {
  return (params: AutocompleteRenderInputParams) => (
    <TextField
      {...params}
      label={common.label}
      placeholder="输入名称搜索"
      error={common.error}
      helperText={common.helperText}
      InputLabelProps={{ ...params.InputLabelProps, required: common.required }}
    />
  );
}

/** A select of the prompt's choices (declared, or read from `choicesFrom`). */
function ChoiceSelect({
  field,
  value,
  onChange,
  ...common
}: InputCommon & { field: ActionPromptField; value: string; onChange: (value: string) => void }) {
  const remote = useRemoteChoices(field.choicesFrom);
  const choices = field.choices ?? remote;
  return (
    <TextField
      {...common}
      select
      size="small"
      value={choices.length > 0 ? value : ''}
      onChange={(event) => onChange(event.target.value)}
    >
      {choices.map((choice) => (
        <MenuItem key={String(choice.id)} value={String(choice.id)}>
          {choice.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Several records of one kind, searched by name; the value is their ids. */
function ReferenceMultiPicker({
  kind,
  value,
  onChange,
  platformMark,
  ...common
}: InputCommon & {
  kind: ReferenceKind;
  value: readonly string[];
  onChange: (ids: string[]) => void;
  platformMark?: number;
}) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const search = useReferenceSearch(kind, text, open, platformMark, true);
  const selected = value.map(
    (id) =>
      search.options.find((option) => String(option.id) === id) ??
      knownReference(kind, Number(id)) ?? { id: Number(id), name: `#${id}` },
  );
  return (
    <Autocomplete<ReferenceOption, true>
      multiple
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={selected}
      options={search.options}
      filterOptions={(shown) => shown}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      getOptionDisabled={(option) => option.status === 0}
      loading={search.loading}
      loadingText="加载中…"
      noOptionsText={text ? `没有名称含「${text}」的${common.label}` : `没有可选的${common.label}`}
      size="small"
      fullWidth
      onInputChange={(_event, next, reason) => {
        if (reason === 'input') setText(next);
        else if (reason === 'clear' || reason === 'reset') setText('');
      }}
      onChange={(_event, options) => {
        for (const option of options) rememberReference(kind, option);
        onChange(options.map((option) => String(option.id)));
      }}
      renderOption={renderNamedOption}
      renderInput={searchInput(common)}
    />
  );
}

interface SearchOption {
  id: string;
  name: string;
}

const SEARCH_DELAY_MS = 250;

/** A row of another system's list (a CRM institution), searched by name; the value is the row's id as given. */
function SearchPicker({
  search,
  value,
  onChange,
  ...common
}: InputCommon & {
  search: NonNullable<ActionPromptField['search']>;
  value: string;
  onChange: (id: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [options, setOptions] = useState<SearchOption[]>([]);
  const [chosen, setChosen] = useState<SearchOption | null>(null);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    const timer = setTimeout(
      () => {
        setLoading(true);
        requestContent<Page<Record<string, unknown>>>(search.path, {
          q: { name: text.trim() || undefined },
          query: { page: 0, size: 50 },
          signal: controller.signal,
          silent: true,
          background: true,
        })
          .then((page) =>
            setOptions(page.content.map((row) => ({ id: String(row[search.id]), name: String(row[search.name]) }))),
          )
          .catch(() => {
            if (!controller.signal.aborted) setOptions([]);
          })
          .finally(() => setLoading(false));
      },
      text ? SEARCH_DELAY_MS : 0,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [open, text, search.path, search.id, search.name]);
  const selected = value === '' ? null : chosen?.id === value ? chosen : { id: value, name: value };
  return (
    <Autocomplete<SearchOption>
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={selected}
      options={options}
      filterOptions={(shown) => shown}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, picked) => option.id === picked.id}
      loading={loading}
      loadingText="加载中…"
      noOptionsText={text ? `没有名称含「${text}」的记录` : '没有可选的记录'}
      size="small"
      fullWidth
      onInputChange={(_event, next, reason) => {
        if (reason === 'input') setText(next);
        else if (reason === 'clear' || reason === 'reset') setText('');
      }}
      onChange={(_event, option) => {
        setChosen(option);
        onChange(option ? option.id : '');
      }}
      renderOption={renderNamedOption}
      renderInput={searchInput(common)}
    />
  );
}
