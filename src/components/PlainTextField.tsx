import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';
import { useId } from 'react';

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  maxLength?: number;
  inputMode?: 'numeric' | 'text' | 'tel';
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
}

/**
 * An outlined text input for the public pages. MUI's TextField also bundles Select, Menu and Popover,
 * which the login page never uses and must not download (budget: /login ≤ 200 KB).
 */
export function PlainTextField({
  label,
  value,
  onChange,
  error,
  type = 'text',
  autoComplete,
  autoFocus,
  maxLength,
  inputMode,
  size,
  sx,
}: Props) {
  const id = useId();
  return (
    <FormControl variant="outlined" error={!!error} size={size} sx={sx} fullWidth={!sx}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        type={type}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        inputProps={{ maxLength, inputMode }}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && <FormHelperText id={`${id}-error`}>{error}</FormHelperText>}
    </FormControl>
  );
}
