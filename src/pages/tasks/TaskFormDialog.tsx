import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs from 'dayjs';
import { ChineseDates } from '../../../resources/generator/DateFields';
import { useSearchOptions } from '../../components/useSearchOptions';
import 'dayjs/locale/zh-cn';
import { useState } from 'react';
import { ApiError } from '../../../providers/httpClient';
import { formatMoney, parseMoney } from '../../domain/money';
import { TASK_HEADCOUNT_MAX, TASK_PRICING, TASK_PRICING_CHOICES } from '../../domain/tasks';
import { type Option, saveTask, searchIndustries, type TaskValues } from './tasksApi';

const DAY = 'YYYY-MM-DD';

/** The task being edited (a 待发布 row of the list), or none for a new task. */
export interface TaskRecord {
  id: number;
  title: string;
  industryId: number;
  industryName: string;
  description: string;
  headcount: number;
  pricing: number;
  unitPrice: number | null;
  totalAmount: number | null;
  startDate: string;
  endDate: string;
}

type Errors = Partial<Record<keyof TaskValues | 'amount', string>>;

/** Yuan text of 1/10000 yuan without separators, for the amount input. */
const yuanInput = (units: number | null) => (units === null ? '' : formatMoney(units).replace(/,/g, ''));

function IndustryPicker({
  value,
  onChange,
  error,
}: {
  value: Option | null;
  onChange: (value: Option | null) => void;
  error?: string;
}) {
  const [input, setInput] = useState('');
  const options = useSearchOptions(searchIndustries, input);
  return (
    <Autocomplete
      options={value && !options.some((option) => option.id === value.id) ? [value, ...options] : options}
      value={value}
      filterOptions={(items) => items}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      onInputChange={(_, next) => setInput(next)}
      onChange={(_, next) => onChange(next)}
      noOptionsText="无匹配行业"
      renderInput={(params) => (
        <TextField
          {...params}
          label="行业"
          required
          error={!!error}
          helperText={error ?? ' '}
          placeholder="输入行业名称搜索"
        />
      )}
    />
  );
}

/** 发布任务 / 编辑任务: every field of a task, checked again by the server (its messages shown by field). */
export function TaskFormDialog({
  task,
  onClose,
  onSaved,
}: {
  task?: TaskRecord;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const [title, setTitle] = useState(task?.title ?? '');
  const [industry, setIndustry] = useState<Option | null>(
    task ? { id: task.industryId, name: task.industryName } : null,
  );
  const [description, setDescription] = useState(task?.description ?? '');
  const [headcount, setHeadcount] = useState(task ? String(task.headcount) : '');
  const [pricing, setPricing] = useState<number>(task?.pricing ?? TASK_PRICING.unit);
  const [amount, setAmount] = useState(
    yuanInput(task ? (task.pricing === TASK_PRICING.unit ? task.unitPrice : task.totalAmount) : null),
  );
  const [startDate, setStartDate] = useState(task?.startDate ?? '');
  const [endDate, setEndDate] = useState(task?.endDate ?? '');
  const [attempted, setAttempted] = useState(false);
  const [refused, setRefused] = useState<{ errors: Errors; values: Record<string, unknown> }>({
    errors: {},
    values: {},
  });
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState('');

  const check = (): Errors => {
    const found: Errors = {};
    if ([...title.trim()].length < 2) found.title = '请输入2-64个字的任务名称';
    if (!industry) found.industryId = '请选择行业';
    if ([...description.trim()].length < 2) found.description = '请输入2-2000个字的任务描述';
    const count = Number(headcount);
    if (!/^\d+$/.test(headcount) || count < 1 || count > TASK_HEADCOUNT_MAX) {
      found.headcount = `人数须为 1-${TASK_HEADCOUNT_MAX} 的整数`;
    }
    const units = parseMoney(amount);
    if (units === null || units <= 0) found.amount = '请输入大于 0 的金额（元）';
    else if (units % 100 !== 0) found.amount = '金额最多保留两位小数';
    if (!startDate) found.startDate = '请选择开始日期';
    if (!endDate) found.endDate = '请选择结束日期';
    if (startDate && endDate && endDate < startDate) found.endDate = '结束日期不能早于开始日期';
    return found;
  };

  // After a submit, every field's message follows its value as the user edits: the form's own checks are re-run
  // on each render, and a message the server gave stays only while its field keeps the value it refused.
  const current: Record<string, unknown> = {
    title,
    industryId: industry?.id,
    description,
    headcount,
    amount,
    startDate,
    endDate,
  };
  const serverErrors = Object.fromEntries(
    Object.entries(refused.errors).filter(([key]) => !(key in current) || refused.values[key] === current[key]),
  ) as Errors;
  const errors: Errors = attempted ? { ...serverErrors, ...check() } : {};

  const save = async () => {
    const found = check();
    setAttempted(true);
    setRefused({ errors: {}, values: {} });
    setFormError('');
    if (Object.keys(found).length > 0) return;
    const units = parseMoney(amount);
    const values: TaskValues = {
      title: title.trim(),
      industryId: industry?.id ?? null,
      description: description.trim(),
      headcount: Number(headcount),
      pricing,
      unitPrice: pricing === TASK_PRICING.unit ? units : null,
      totalAmount: pricing === TASK_PRICING.total ? units : null,
      startDate,
      endDate,
    };
    setSaving(true);
    try {
      await saveTask(values, task?.id);
      onSaved(task ? '保存成功' : '任务已创建，发布后可分配人员');
    } catch (error) {
      const byField = error instanceof ApiError ? (error.content as { errors?: Errors } | null)?.errors : undefined;
      const message = error instanceof Error ? error.message : '保存失败，请重试';
      setRefused({
        errors: byField ? { ...byField, amount: byField.unitPrice ?? byField.totalAmount } : {},
        values: current,
      });
      setFormError(message);
    } finally {
      setSaving(false);
    }
  };

  const datePicker = (label: string, value: string, set: (value: string) => void, error?: string) => (
    <DatePicker
      label={label}
      value={value ? dayjs(value, DAY) : null}
      format={DAY}
      onChange={(next) => set(next?.isValid() ? next.format(DAY) : '')}
      slotProps={{ textField: { fullWidth: true, required: true, error: !!error, helperText: error ?? ' ' } }}
    />
  );

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="task-form-title">
      <DialogTitle id="task-form-title">{task ? '编辑任务' : '发布任务'}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'grid', gap: 1, pt: 1 }}>
          {formError && <Alert severity="error">{formError}</Alert>}
          <TextField
            label="任务名称"
            required
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            error={!!errors.title}
            helperText={errors.title ?? ' '}
            slotProps={{ htmlInput: { maxLength: 64 } }}
          />
          <IndustryPicker value={industry} onChange={setIndustry} error={errors.industryId} />
          <TextField
            label="任务描述"
            required
            multiline
            minRows={3}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            error={!!errors.description}
            helperText={errors.description ?? ' '}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
          <TextField
            label="需要人数"
            required
            value={headcount}
            onChange={(event) => setHeadcount(event.target.value.replace(/\D/g, ''))}
            error={!!errors.headcount}
            helperText={errors.headcount ?? ' '}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <Box>
            <FormLabel id="task-pricing">计价方式</FormLabel>
            <RadioGroup
              row
              aria-labelledby="task-pricing"
              value={String(pricing)}
              onChange={(event) => setPricing(Number(event.target.value))}
            >
              {TASK_PRICING_CHOICES.map((choice) => (
                <FormControlLabel key={choice.id} value={String(choice.id)} control={<Radio />} label={choice.name} />
              ))}
            </RadioGroup>
          </Box>
          <TextField
            label={pricing === TASK_PRICING.unit ? '单价（元/人）' : '任务总价（元）'}
            required
            value={amount}
            onChange={(event) => setAmount(event.target.value.trim())}
            error={!!errors.amount}
            helperText={
              errors.amount ??
              (pricing === TASK_PRICING.total
                ? '结算时按已分配人数平均分配，精确到分'
                : '结算时每位已分配人员按此金额打款')
            }
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <ChineseDates>
            <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
              {datePicker('开始日期', startDate, setStartDate, errors.startDate)}
              {datePicker('结束日期', endDate, setEndDate, errors.endDate)}
            </Box>
          </ChineseDates>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>取消</Button>
        <Button variant="contained" disabled={saving} onClick={() => void save()}>
          {task ? '保存' : '创建任务'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
