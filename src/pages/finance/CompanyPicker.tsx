import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useSearchOptions } from '../../components/useSearchOptions';
import { type CompanyOption, searchCompanies } from './financeApi';

/** A company chosen by name (never a typed id), searched on the server in the caller's scope. */
export function CompanyPicker({
  label,
  platformMark,
  value,
  onChange,
  required,
}: {
  label: string;
  platformMark: number;
  value: CompanyOption | null;
  onChange: (value: CompanyOption | null) => void;
  required?: boolean;
}) {
  const [input, setInput] = useState('');
  const options = useSearchOptions((text) => searchCompanies(text, platformMark), input, platformMark);
  return (
    <Autocomplete
      options={options}
      value={value}
      filterOptions={(items) => items}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      onInputChange={(_, next) => setInput(next)}
      onChange={(_, next) => onChange(next)}
      noOptionsText="无匹配企业"
      sx={{ minWidth: 280 }}
      renderInput={(params) => (
        <TextField {...params} size="small" label={label} required={required} placeholder="输入企业名称搜索" />
      )}
    />
  );
}
