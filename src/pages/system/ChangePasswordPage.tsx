import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { Title } from 'react-admin';
import { validateRegisterPassword, validateRepeatPassword } from '../../domain/validation';
import { showToast } from '../../shell/toast';
import { changeLoginPassword } from '../merchant/merchantApi';

type Key = 'oldPassword' | 'newPassword' | 'repeat';
const EMPTY: Record<Key, string> = { oldPassword: '', newPassword: '', repeat: '' };

/**
 * /adPartnerChangesPassword 修改密码 (UI_ACCOUNT_SET): the old password is checked by the server, the new one
 * follows the registration rule; every other session of the account ends, this one goes on with a new token.
 */
export function ChangePasswordPage() {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({});
  const [saving, setSaving] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<Key, string>> = {
      oldPassword: values.oldPassword.trim() ? undefined : '请输入原密码',
      newPassword: validateRegisterPassword(values.newPassword),
      repeat: validateRepeatPassword(values.newPassword)(values.repeat),
    };
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setSaving(true);
    try {
      await changeLoginPassword(values.oldPassword, values.newPassword);
      showToast('密码修改成功，其他设备上的登录已失效', 'success');
      setValues(EMPTY);
    } catch (failure) {
      setErrors({ oldPassword: (failure as Error).message });
    } finally {
      setSaving(false);
    }
  };
  const field = (key: Key, label: string) => (
    <TextField
      label={label}
      type="password"
      required
      value={values[key]}
      onChange={(event) => setValues((current) => ({ ...current, [key]: event.target.value }))}
      error={!!errors[key]}
      helperText={errors[key] ?? ' '}
      autoComplete={key === 'oldPassword' ? 'current-password' : 'new-password'}
    />
  );
  return (
    <Paper sx={{ mt: 2, p: 3, maxWidth: 420 }}>
      <Title title="修改密码" />
      <Box
        component="form"
        aria-label="修改密码"
        noValidate
        onSubmit={submit}
        sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}
      >
        <Typography color="text.secondary" variant="body2">
          新密码为8-30位字母与数字的组合；修改后其他设备上的登录将失效。
        </Typography>
        {field('oldPassword', '原密码')}
        {field('newPassword', '新密码')}
        {field('repeat', '确认新密码')}
        <Button type="submit" variant="contained" disabled={saving}>
          确定修改
        </Button>
      </Box>
    </Paper>
  );
}
