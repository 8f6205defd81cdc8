import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { type RaRecord, useRefresh } from 'react-admin';
import { ApiError, requestContent } from '../../../providers/httpClient';
import { showToast } from '../../shell/toast';
import { DivisionSelects, useDivisions } from '../register/DivisionSelects';
import { COMPANY_NATURES, COMPANY_SIZES, type Errors } from '../register/registerForms';
import {
  changedFields,
  changedLabels,
  EDIT_LABELS,
  type EditableField,
  editErrors,
  editFormOf,
  modificationBody,
  NOTHING_CHANGED,
  type RegistrationEditForm,
} from './registrationEdit';

interface Industry {
  id: number;
  nm: string;
}

/** The choices with the record's own value kept first when the list no longer offers it (older registrations). */
const withCurrent = (choices: readonly string[], current: string) =>
  current && !choices.includes(current) ? [current, ...choices] : [...choices];

function errorsOf(error: unknown): Errors<RegistrationEditForm> {
  const named =
    error instanceof ApiError ? (error.content as { errors?: Record<string, string> } | null)?.errors : null;
  return named && typeof named === 'object' ? (named as Errors<RegistrationEditForm>) : {};
}

/**
 * 修改 on a pending registration: the registration form's company fields, its checks, a confirmation naming what
 * changes, then POST /api/v1/companies/register/modification/{mark} with the changed fields only.
 */
export function RegistrationEditButton({ record }: { record: RaRecord }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)}>
        修改
      </Button>
      {open && <RegistrationEditDialog record={record} onClose={() => setOpen(false)} />}
    </>
  );
}

function RegistrationEditDialog({ record, onClose }: { record: RaRecord; onClose: () => void }) {
  const refresh = useRefresh();
  const divisions = useDivisions();
  const [before] = useState(() => editFormOf(record));
  const [form, setForm] = useState(before);
  const [errors, setErrors] = useState<Errors<RegistrationEditForm>>({});
  const [problem, setProblem] = useState('');
  const [industries, setIndustries] = useState<Industry[]>([]);
  const [confirming, setConfirming] = useState<EditableField[] | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    requestContent<Industry[]>('/api/v1/companies/register/industries', { silent: true })
      .then((rows) => live && setIndustries(rows))
      .catch(() => live && setProblem('行业列表加载失败，请稍后再试'));
    return () => {
      live = false;
    };
  }, []);

  const industryChoices =
    form.industryId && !industries.some((industry) => String(industry.id) === form.industryId)
      ? [{ id: Number(form.industryId), nm: String(record.industryName ?? form.industryId) }, ...industries]
      : industries;

  const set = (patch: Partial<RegistrationEditForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch)) delete next[key as EditableField];
      return next;
    });
    setProblem('');
  };
  const field = (key: EditableField) => ({
    id: `registration-edit-${key}`,
    label: EDIT_LABELS[key],
    value: form[key],
    onChange: (event: { target: { value: string } }) => set({ [key]: event.target.value }),
    error: Boolean(errors[key]),
    helperText: errors[key],
    fullWidth: true,
    size: 'small' as const,
  });

  const review = () => {
    const found = editErrors(form, divisions);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const changed = changedFields(before, form);
    if (changed.length === 0) {
      setProblem(NOTHING_CHANGED);
      return;
    }
    setConfirming(changed);
  };

  const save = async (changed: EditableField[]) => {
    setBusy(true);
    try {
      const mark = Number(record.platformmark) === 3 ? 3 : 1;
      await requestContent(`/api/v1/companies/register/modification/${mark}`, {
        method: 'POST',
        json: modificationBody(record.id, form, changed),
        silent: true,
      });
      showToast('注册信息修改成功', 'success');
      refresh();
      onClose();
    } catch (error) {
      setConfirming(null);
      setErrors(errorsOf(error));
      setProblem(error instanceof Error ? error.message : '修改失败，请稍后再试');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      onClick={(event) => event.stopPropagation()}
    >
      <DialogTitle>{`修改注册信息「${String(record.name)}」`}</DialogTitle>
      <DialogContent>
        {confirming ? (
          <Typography sx={{ pt: 1 }}>
            {`确定修改以下注册信息吗？${changedLabels(confirming).join('、')}。修改后激活将使用新的信息。`}
          </Typography>
        ) : (
          <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2, pt: 1 }}>
            <Box sx={{ gridColumn: '1 / -1' }}>
              <TextField {...field('name')} />
            </Box>
            <TextField {...field('businessLicense')} />
            <TextField select {...field('companyNature')}>
              {withCurrent(COMPANY_NATURES, before.companyNature).map((nature) => (
                <MenuItem key={nature} value={nature}>
                  {nature}
                </MenuItem>
              ))}
            </TextField>
            <TextField select {...field('industryId')}>
              {industryChoices.map((industry) => (
                <MenuItem key={industry.id} value={String(industry.id)}>
                  {industry.nm}
                </MenuItem>
              ))}
            </TextField>
            <TextField select {...field('companySize')}>
              {withCurrent(COMPANY_SIZES, before.companySize).map((size) => (
                <MenuItem key={size} value={size}>
                  {size}
                </MenuItem>
              ))}
            </TextField>
            <TextField {...field('legalPersonName')} />
            <TextField {...field('linkmanName')} />
            <DivisionSelects
              tree={divisions}
              value={{ province: form.province, city: form.city, district: form.district }}
              errors={errors}
              onChange={(place) => set(place)}
            />
          </Box>
        )}
        {problem && (
          <FormHelperText error role="alert" sx={{ mt: 2 }}>
            {problem}
          </FormHelperText>
        )}
      </DialogContent>
      <DialogActions>
        {confirming ? (
          <>
            <Button disabled={busy} onClick={() => setConfirming(null)}>
              返回修改
            </Button>
            <Button variant="contained" disabled={busy} onClick={() => void save(confirming)}>
              确定修改
            </Button>
          </>
        ) : (
          <>
            <Button disabled={busy} onClick={onClose}>
              取消
            </Button>
            <Button variant="contained" disabled={busy} onClick={review}>
              保存
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
