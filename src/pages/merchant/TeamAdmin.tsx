// /teamAdmin is declared (resources/subaccounts.ts) and drawn by the list generator; hand-built here are the add
// form (the owner's own codes to grant) and 停用 / 启用 with its confirmation.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useEffect, useState } from 'react';
import { Confirm, useRefresh } from 'react-admin';
import { GeneratedList } from '../../../resources/generator/GeneratedList';
import type { ResourceDeclaration } from '../../../resources/types';
import { permissionLabel } from '../../domain/permissionCatalog';
import { MOBILE_PATTERN, MSG, validateRegisterPassword, validateUsername } from '../../domain/validation';
import { showToast } from '../../shell/toast';
import { createSubaccount, fetchSubaccounts, type Subaccount, setSubaccountStatus } from './teamApi';

/** 停用 / 启用 one sub-account: it asks first (停用 locks a person out at once) and says what it did. */
function StatusButton({ account }: { account: Subaccount }) {
  const refresh = useRefresh();
  const [confirming, setConfirming] = useState(false);
  const [saving, setSaving] = useState(false);
  const action = account.status === 1 ? '停用' : '启用';
  const toggle = async () => {
    setSaving(true);
    try {
      await setSubaccountStatus(account.id, account.status === 1 ? 0 : 1);
      showToast(`已${action}子账号 ${account.username}`, 'success');
      setConfirming(false);
      refresh();
    } catch (failure) {
      showToast((failure as Error).message, 'error');
    } finally {
      setSaving(false);
    }
  };
  return (
    <>
      <Button size="small" onClick={() => setConfirming(true)}>
        {action}
      </Button>
      <Confirm
        isOpen={confirming}
        loading={saving}
        title={`${action}子账号「${account.username}」`}
        content={
          action === '停用' ? '停用后该子账号将无法登录，确定停用吗？' : '启用后该子账号可以重新登录，确定启用吗？'
        }
        confirm="确定"
        cancel="取消"
        onConfirm={() => void toggle()}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}

/** /teamAdmin: the add form (permissions limited to the MER_* codes the owner holds) above the generated list. */
export function TeamAdmin({ declaration }: { declaration: ResourceDeclaration }) {
  const refresh = useRefresh();
  const [codes, setCodes] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    fetchSubaccounts().then(
      (answer) => setCodes(answer.permissions),
      (failure: Error) => setError(failure.message),
    );
  }, []);
  if (error) return <Typography color="error">{error}</Typography>;
  return (
    <Box>
      <Box sx={{ px: 2, pt: 2 }}>
        <AddSubaccountForm codes={codes} onAdded={refresh} />
      </Box>
      <GeneratedList
        declaration={declaration}
        rowClick={false}
        renderActions={(record) => <StatusButton account={record as unknown as Subaccount} />}
      />
    </Box>
  );
}

function AddSubaccountForm({ codes, onAdded }: { codes: string[]; onAdded: () => void }) {
  const empty = { username: '', mobile: '', password: '' };
  const [values, setValues] = useState(empty);
  const [chosen, setChosen] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = {
      username: validateUsername(values.username),
      mobile: MOBILE_PATTERN.test(values.mobile.trim()) ? undefined : MSG.mobile,
      password: validateRegisterPassword(values.password),
    };
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    try {
      await createSubaccount({ ...values, authorities: chosen });
      onAdded();
      setValues(empty);
      setChosen([]);
      showToast('子账号已添加', 'success');
    } catch (failure) {
      setErrors({ username: (failure as Error).message });
    }
  };
  const field = (key: keyof typeof empty, label: string, type = 'text') => (
    <TextField
      size="small"
      label={label}
      type={type}
      value={values[key]}
      onChange={(event) => setValues((current) => ({ ...current, [key]: event.target.value }))}
      error={!!errors[key]}
      helperText={errors[key] ?? ' '}
    />
  );
  return (
    <Box component="form" aria-label="添加子账号" noValidate onSubmit={submit}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {field('mobile', '手机号')}
        {field('username', '用户名')}
        {field('password', '初始密码', 'password')}
      </Box>
      <Box role="group" aria-label="权限">
        {codes.map((code) => (
          <FormControlLabel
            key={code}
            label={permissionLabel(code)}
            control={
              <Checkbox
                checked={chosen.includes(code)}
                onChange={(event) =>
                  setChosen((current) =>
                    event.target.checked ? [...current, code] : current.filter((item) => item !== code),
                  )
                }
              />
            }
          />
        ))}
      </Box>
      <Button type="submit" variant="contained">
        添加子账号
      </Button>
    </Box>
  );
}
