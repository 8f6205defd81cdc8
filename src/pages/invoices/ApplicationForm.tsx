import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { MAILING_RULES, type MailingField } from '../../domain/invoiceApplication';
import { INVOICE_KIND_CHOICES, INVOICE_KIND_PAPER } from '../../domain/moneyEnums';
import type { Category } from './invoiceApi';

export interface ApplicationValues extends Record<MailingField, string> {
  kind: number;
  categoryId: string;
  remark: string;
}

export const EMPTY_APPLICATION: ApplicationValues = {
  kind: 2,
  categoryId: '',
  remark: '',
  recipient: '',
  recipientPhone: '',
  mailAddress: '',
};

interface Props {
  values: ApplicationValues;
  onChange: (values: ApplicationValues) => void;
  categories: readonly Category[];
  errors: Partial<Record<string, string>>;
}

/** Kind (paper needs a mailing address), category and remark of an application. */
export function ApplicationForm({ values, onChange, categories, errors }: Props) {
  const set = (changes: Partial<ApplicationValues>) => onChange({ ...values, ...changes });
  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 520 }}>
      <FormControl error={!!errors.kind}>
        <FormLabel id="invoice-kind-label">发票类型</FormLabel>
        <RadioGroup
          row
          aria-labelledby="invoice-kind-label"
          value={String(values.kind)}
          onChange={(event) => set({ kind: Number(event.target.value) })}
        >
          {INVOICE_KIND_CHOICES.map((choice) => (
            <FormControlLabel key={choice.id} value={String(choice.id)} control={<Radio />} label={choice.name} />
          ))}
        </RadioGroup>
        {errors.kind && <FormHelperText>{errors.kind}</FormHelperText>}
      </FormControl>
      <TextField
        select
        size="small"
        label="开票类目"
        value={values.categoryId}
        onChange={(event) => set({ categoryId: event.target.value })}
        error={!!errors.categoryId}
        helperText={errors.categoryId ?? (categories.length === 0 ? '暂无可用的开票类目，请联系平台' : ' ')}
      >
        {categories.map((category) => (
          <MenuItem key={category.id} value={String(category.id)}>
            {category.name}
          </MenuItem>
        ))}
      </TextField>
      {values.kind === INVOICE_KIND_PAPER &&
        MAILING_RULES.map((rule) => (
          <TextField
            key={rule.field}
            size="small"
            label={rule.label}
            value={values[rule.field]}
            onChange={(event) => set({ [rule.field]: event.target.value })}
            error={!!errors[rule.field]}
            helperText={errors[rule.field] ?? ' '}
          />
        ))}
      <TextField
        size="small"
        label="备注"
        multiline
        minRows={2}
        value={values.remark}
        onChange={(event) => set({ remark: event.target.value })}
        error={!!errors.remark}
        helperText={errors.remark ?? ' '}
      />
    </Box>
  );
}
