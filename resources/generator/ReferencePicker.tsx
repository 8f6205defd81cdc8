import Autocomplete from '@mui/material/Autocomplete';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import { type UIEvent, useState } from 'react';
import type { ReferenceKind } from '../../src/domain/references';
import { type ReferenceOption, rememberReference, useReferenceName, useReferenceSearch } from './referenceOptions';

export interface ReferencePickerProps {
  kind: ReferenceKind;
  label: string;
  /** The chosen id ('' or null: none). */
  value: unknown;
  onChange: (id: number | null) => void;
  onBlur?: () => void;
  name?: string;
  required?: boolean;
  readOnly?: boolean;
  error?: boolean;
  helperText?: string;
  /** Offer only records of this edition. */
  platformMark?: number;
  /**
   * The choice is written (a form, an action's dialog): offer only enabled records, which the write accepts. A
   * filter leaves it off, so data of a disabled record can still be found.
   */
  usableOnly?: boolean;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
}

function idOf(value: unknown): number | null {
  const id = Number(value);
  return value !== '' && value !== null && value !== undefined && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * A searchable select of one kind of record (分公司, 客服, 企业 …) that shows names and keeps the id: the server
 * searches by name as the user types, the list pages on as it scrolls to its end. Used by generated forms and
 * filters (ReferenceInput) and by row-action dialogs (RowActions).
 */
export function ReferencePicker(props: ReferencePickerProps) {
  const { kind, label, value, onChange } = props;
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const id = idOf(value);
  const search = useReferenceSearch(kind, text, open, props.platformMark, props.usableOnly);
  const current = useReferenceName(kind, id);
  const selected =
    id === null ? null : (search.options.find((option) => option.id === id) ?? current ?? { id, name: '' });
  const options =
    selected && !search.options.some((option) => option.id === selected.id)
      ? [selected, ...search.options]
      : search.options;

  const onScroll = (event: UIEvent<HTMLElement>) => {
    const list = event.currentTarget;
    if (list.scrollTop + list.clientHeight >= list.scrollHeight - 24) search.more();
  };

  return (
    <Autocomplete<ReferenceOption>
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={selected}
      options={options}
      // The server filters by name; the list shows what it answers.
      filterOptions={(shown) => shown}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      getOptionDisabled={(option) => option.status === 0}
      loading={search.loading}
      loadingText="加载中…"
      noOptionsText={search.error ?? (text ? `没有名称含「${text}」的${label}` : `没有可选的${label}`)}
      readOnly={props.readOnly}
      size={props.size}
      fullWidth={props.fullWidth}
      onInputChange={(_event, next, reason) => {
        if (reason === 'input') setText(next);
        else if (reason === 'clear' || reason === 'reset') setText('');
      }}
      onChange={(_event, option) => {
        if (option) rememberReference(kind, option);
        onChange(option ? option.id : null);
      }}
      onBlur={props.onBlur}
      slotProps={{ listbox: { onScroll, role: 'listbox' } }}
      renderOption={(attributes, option) => (
        <li {...attributes} key={option.id}>
          {option.name}
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          name={props.name}
          placeholder="输入名称搜索"
          // A filter's picker is not full width: as wide as a text filter, so a chosen name shows whole.
          sx={props.fullWidth ? undefined : { minWidth: 240 }}
          error={props.error}
          helperText={props.helperText ?? (search.hasMore && open ? `共 ${search.total} 条，滚动加载更多` : undefined)}
          // The asterisk only: the browser's own required bubble would be English.
          InputLabelProps={{ ...params.InputLabelProps, required: props.required }}
          InputProps={{
            ...params.InputProps,
            endAdornment: (
              <>
                {search.loading ? <CircularProgress color="inherit" size={16} /> : null}
                {params.InputProps.endAdornment}
              </>
            ),
          }}
        />
      )}
    />
  );
}
