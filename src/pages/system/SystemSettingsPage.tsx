// Hand-built, not a generated list: one settings form (a single record, GET/PUT); its per-host table is rows of
// that form being edited, not records with filters and row actions.
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useEffect, useState } from 'react';
import { Title } from 'react-admin';
import { requestContent } from '../../../providers/httpClient';
import {
  type HostSetting,
  type PlatformSettings,
  type PublicSettings,
  settingsProblem,
} from '../../domain/platformSettings';
import { applyPublicSettings } from '../../shell/publicSettings';
import { showToast } from '../../shell/toast';

const EMPTY_HOST: HostSetting = { host: '', filingNumber: '', imageHost: '', isTest: false, remark: '' };

/**
 * /adSystemSettings 通用设置 (UI_ACCOUNT_SET_CURRENCY): platform name per edition, customer-service phone, the
 * default filing number and image host, and per host name its own filing number, image host and whether it is a
 * test environment (spec §9). GET/PUT /api/v1/system/settings; the app reads them at start.
 */
export function SystemSettingsPage() {
  const [form, setForm] = useState<PlatformSettings | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    requestContent<PlatformSettings>('/api/v1/system/settings').then(setForm, () => undefined);
  }, []);
  if (!form) return <Title title="通用设置" />;
  const set = (key: keyof PlatformSettings) => (event: { target: { value: string } }) =>
    setForm({ ...form, [key]: event.target.value });
  const setHost = (index: number, change: Partial<HostSetting>) =>
    setForm({ ...form, hosts: form.hosts.map((rule, at) => (at === index ? { ...rule, ...change } : rule)) });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = settingsProblem(form);
    if (problem) {
      showToast(problem, 'error');
      return;
    }
    setSaving(true);
    try {
      const saved = await requestContent<PlatformSettings>('/api/v1/system/settings', { method: 'PUT', json: form });
      setForm(saved);
      showToast('保存成功', 'success');
      const current = await requestContent<PublicSettings>('/api/v1/common/settings', {
        query: { host: window.location.host },
      });
      applyPublicSettings(current);
    } catch {
      // The request layer already showed the server's message.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Paper component="form" onSubmit={submit} sx={{ p: 3, maxWidth: 960 }} noValidate>
      <Title title="通用设置" />
      <Typography variant="h6" gutterBottom>
        平台信息
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, 1fr)', gap: 2, mb: 3 }}>
        <TextField label="标准版平台名称" value={form.platformName1} onChange={set('platformName1')} required />
        <TextField label="小规模版平台名称" value={form.platformName3} onChange={set('platformName3')} required />
        <TextField label="客服电话" value={form.servicePhone} onChange={set('servicePhone')} required />
        <TextField label="默认备案号" value={form.filingNumber} onChange={set('filingNumber')} />
        <TextField
          label="默认图片域名"
          value={form.imageHost}
          onChange={set('imageHost')}
          placeholder="https://"
          sx={{ gridColumn: '1 / span 2' }}
        />
      </Box>
      <Typography variant="h6" gutterBottom>
        按域名设置
      </Typography>
      <Table size="small" aria-label="按域名设置">
        <TableHead>
          <TableRow>
            <TableCell>域名</TableCell>
            <TableCell>备案号</TableCell>
            <TableCell>图片域名</TableCell>
            <TableCell>测试环境</TableCell>
            <TableCell>备注</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {form.hosts.map((rule, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until saved; their order is the key
            <TableRow key={index}>
              <TableCell>
                <TextField
                  size="small"
                  value={rule.host}
                  slotProps={{ htmlInput: { 'aria-label': `第${index + 1}行域名` } }}
                  onChange={(event) => setHost(index, { host: event.target.value })}
                />
              </TableCell>
              <TableCell>
                <TextField
                  size="small"
                  value={rule.filingNumber}
                  slotProps={{ htmlInput: { 'aria-label': `第${index + 1}行备案号` } }}
                  onChange={(event) => setHost(index, { filingNumber: event.target.value })}
                />
              </TableCell>
              <TableCell>
                <TextField
                  size="small"
                  value={rule.imageHost}
                  slotProps={{ htmlInput: { 'aria-label': `第${index + 1}行图片域名` } }}
                  onChange={(event) => setHost(index, { imageHost: event.target.value })}
                />
              </TableCell>
              <TableCell>
                <Checkbox
                  checked={rule.isTest}
                  slotProps={{ input: { 'aria-label': `第${index + 1}行测试环境` } }}
                  onChange={(event) => setHost(index, { isTest: event.target.checked })}
                />
              </TableCell>
              <TableCell>
                <TextField
                  size="small"
                  value={rule.remark}
                  slotProps={{ htmlInput: { 'aria-label': `第${index + 1}行备注` } }}
                  onChange={(event) => setHost(index, { remark: event.target.value })}
                />
              </TableCell>
              <TableCell>
                <IconButton
                  aria-label={`删除第${index + 1}行`}
                  onClick={() => setForm({ ...form, hosts: form.hosts.filter((_, at) => at !== index) })}
                >
                  <DeleteIcon />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Box sx={{ display: 'flex', gap: 2, mt: 2 }}>
        <Button startIcon={<AddIcon />} onClick={() => setForm({ ...form, hosts: [...form.hosts, { ...EMPTY_HOST }] })}>
          添加域名
        </Button>
        <Button type="submit" variant="contained" disabled={saving}>
          保存
        </Button>
      </Box>
    </Paper>
  );
}
