import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useEffect, useState } from 'react';
import { Confirm, Title } from 'react-admin';
import { permissionLabel } from '../../domain/permissionCatalog';
import { MOBILE_PATTERN, MSG, validateRegisterPassword, validateUsername } from '../../domain/validation';
import { showToast } from '../../shell/toast';
import { createSubaccount, fetchSubaccounts, type Subaccount, setSubaccountStatus } from './teamApi';

/** /teamAdmin: the company owner's sub-accounts; permissions limited to the MER_* codes the owner holds. */
export function TeamAdmin() {
  const [accounts, setAccounts] = useState<Subaccount[]>([]);
  const [codes, setCodes] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Subaccount | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    fetchSubaccounts().then(
      (answer) => {
        setAccounts(answer.accounts);
        setCodes(answer.permissions);
      },
      (failure: Error) => setError(failure.message),
    );
  }, []);

  // 停用 locks a person out at once: it asks first and says what it did (启用 likewise).
  const action = confirming?.status === 1 ? '停用' : '启用';
  const toggle = async () => {
    if (!confirming) return;
    setSaving(true);
    try {
      setAccounts(await setSubaccountStatus(confirming.id, confirming.status === 1 ? 0 : 1));
      showToast(`已${action}子账号 ${confirming.username}`, 'success');
      setConfirming(null);
    } catch (failure) {
      showToast((failure as Error).message, 'error');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box sx={{ mt: 2 }}>
      <Title title="团队管理" />
      <Confirm
        isOpen={confirming !== null}
        loading={saving}
        title={`${action}子账号「${confirming?.username ?? ''}」`}
        content={
          action === '停用' ? '停用后该子账号将无法登录，确定停用吗？' : '启用后该子账号可以重新登录，确定启用吗？'
        }
        confirm="确定"
        cancel="取消"
        onConfirm={() => void toggle()}
        onClose={() => setConfirming(null)}
      />
      {error ? (
        <Typography color="error">{error}</Typography>
      ) : (
        <>
          <AddSubaccountForm codes={codes} onAdded={setAccounts} />
          <Table size="small" aria-label="子账号" sx={{ mt: 2 }}>
            <TableHead>
              <TableRow>
                <TableCell>用户名</TableCell>
                <TableCell>手机号</TableCell>
                <TableCell>权限</TableCell>
                <TableCell>状态</TableCell>
                <TableCell>操作</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {accounts.map((account) => (
                <TableRow key={account.id}>
                  <TableCell>{account.username}</TableCell>
                  <TableCell>{account.mobile}</TableCell>
                  <TableCell>{account.authorities.map(permissionLabel).join('、') || '—'}</TableCell>
                  <TableCell>{account.status === 1 ? '启用' : '停用'}</TableCell>
                  <TableCell>
                    <Button size="small" onClick={() => setConfirming(account)}>
                      {account.status === 1 ? '停用' : '启用'}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
              {accounts.length === 0 && (
                <TableRow>
                  <TableCell colSpan={5} align="center">
                    暂无子账号
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </>
      )}
    </Box>
  );
}

function AddSubaccountForm({ codes, onAdded }: { codes: string[]; onAdded: (accounts: Subaccount[]) => void }) {
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
      onAdded(await createSubaccount({ ...values, authorities: chosen }));
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
