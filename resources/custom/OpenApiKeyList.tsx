import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Button, Confirm, type RaRecord, useCanAccess, useNotify, useRefresh } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { ApiError, request, requestContent } from '../../providers/httpClient';
import { OPEN_KEY_HEADER } from '../../src/domain/thirdPartyCalls';
import { GeneratedList } from '../generator/GeneratedList';
import { RowActions } from '../generator/RowActions';
import { platformCalls } from '../thirdPartyCalls';
import type { ResourceDeclaration } from '../types';
import { ThirdCallList } from './ThirdCallList';

interface CompanyOption {
  id: number;
  name: string;
  platformMark: number;
}

interface IssuedKey {
  caller: string;
  key: string;
  message: string;
}

const BASE = '/api/v1/companies/otherplatformmark';

/** The key, once: after this dialog closes only its first characters can be seen again. */
function KeyDialog({ issued, onClose }: { issued: IssuedKey | null; onClose: () => void }) {
  const notify = useNotify();
  return (
    <Dialog open={issued !== null} onClose={onClose} aria-labelledby="issued-key-title">
      <DialogTitle id="issued-key-title">开放接口密钥</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {issued?.message}
        </Alert>
        <TextField
          label={`${issued?.caller ?? ''} 的密钥`}
          value={issued?.key ?? ''}
          fullWidth
          slotProps={{ input: { readOnly: true } }}
        />
        <Typography variant="body2" sx={{ mt: 2 }}>
          调用方校验密钥：GET /api/v1/companies/verifysecretkey，把密钥放在请求头 {OPEN_KEY_HEADER}{' '}
          中（不要放在网址里）。
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button
          label="复制密钥"
          onClick={() => {
            void navigator.clipboard
              ?.writeText(issued?.key ?? '')
              .then(() => notify('已复制', { type: 'success' }))
              .catch(() => notify('复制失败，请手动选中复制', { type: 'warning' }));
          }}
        />
        <Button label="我已保存，关闭" onClick={onClose} />
      </DialogActions>
    </Dialog>
  );
}

function GrantDialog({
  open,
  onClose,
  onIssued,
}: {
  open: boolean;
  onClose: () => void;
  onIssued: (issued: IssuedKey) => void;
}) {
  const notify = useNotify();
  const [text, setText] = useState('');
  const [options, setOptions] = useState<CompanyOption[]>([]);
  const [company, setCompany] = useState<CompanyOption | null>(null);
  const [caller, setCaller] = useState('');
  const [remark, setRemark] = useState('');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => {
      requestContent<CompanyOption[]>(`${BASE}/companies`, { query: { name: text }, silent: true })
        .then(setOptions)
        .catch(() => setOptions([]));
    }, 250);
    return () => clearTimeout(timer);
  }, [open, text]);

  const save = async () => {
    if (!company) return notify('请选择商户', { type: 'error' });
    setSaving(true);
    try {
      const answer = await request<{ key: string; caller: string }>(BASE, {
        method: 'POST',
        json: { companyId: company.id, caller: caller.trim(), remark: remark.trim() },
        silent: true,
      });
      if (answer.code !== 1020000) throw new ApiError(answer.message, 200, answer.code, null);
      onIssued({ caller: answer.content.caller, key: answer.content.key, message: answer.message });
      setCompany(null);
      setCaller('');
      setRemark('');
    } catch (error) {
      notify(error instanceof Error ? error.message : '创建失败', { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="grant-title">
      <DialogTitle id="grant-title">新增第三方调用授权</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}>
          <Autocomplete
            options={options}
            value={company}
            filterOptions={(list) => list}
            getOptionLabel={(option) => `${option.name}（${option.platformMark === 1 ? '标准版' : '小规模'}）`}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            onChange={(_event, value) => setCompany(value)}
            onInputChange={(_event, value) => setText(value)}
            noOptionsText="没有匹配的商户"
            renderInput={(params) => <TextField {...params} label="商户" required />}
          />
          <TextField
            label="调用方平台"
            required
            value={caller}
            onChange={(event) => setCaller(event.target.value)}
            helperText="2-64位，如 宝谷灵工平台"
          />
          <TextField label="备注" value={remark} onChange={(event) => setRemark(event.target.value)} />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button label="取消" onClick={onClose} />
        <Button label={saving ? '正在创建…' : '创建并生成密钥'} disabled={saving} onClick={() => void save()} />
      </DialogActions>
    </Dialog>
  );
}

function ResetKeyButton({ record, onIssued }: { record: RaRecord; onIssued: (issued: IssuedKey) => void }) {
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [running, setRunning] = useState(false);
  const run = async () => {
    setRunning(true);
    try {
      const answer = await request<{ key: string; caller: string }>(`/api/v1/company/baoguset/${record.id}`, {
        method: 'POST',
        json: {},
        silent: true,
      });
      if (answer.code !== 1020000) throw new ApiError(answer.message, 200, answer.code, null);
      onIssued({ caller: answer.content.caller, key: answer.content.key, message: answer.message });
    } catch (error) {
      notify(error instanceof Error ? error.message : '重置失败', { type: 'error' });
    } finally {
      setRunning(false);
      setOpen(false);
    }
  };
  return (
    <>
      <Button
        label="重置密钥"
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
      />
      <Confirm
        isOpen={open}
        loading={running}
        title={`重置密钥「${String(record.caller)}」`}
        content="重置后旧密钥立即失效，新密钥只显示一次，确定重置吗？"
        confirm="确定"
        cancel="取消"
        onConfirm={() => void run()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

/**
 * /addThirdPartyCall: which merchant may call the platform's open API with which key. 新增授权 picks a merchant
 * by name; the key is shown once (created or reset), the list keeps its first 12 characters.
 */
function KeyList({ declaration }: { declaration: ResourceDeclaration }) {
  const { canAccess } = useCanAccess({ resource: declaration.name, action: 'delete' });
  const refresh = useRefresh();
  const [granting, setGranting] = useState(false);
  const [issued, setIssued] = useState<IssuedKey | null>(null);
  const others = { ...declaration, actions: declaration.actions?.filter((action) => action.name !== 'resetKey') };
  const onIssued = (key: IssuedKey) => {
    setGranting(false);
    setIssued(key);
    refresh();
  };
  return (
    <Box>
      {canAccess && (
        <Box sx={{ px: 2, pt: 2 }}>
          <Button label="新增授权" variant="contained" onClick={() => setGranting(true)} />
        </Box>
      )}
      <GeneratedList
        declaration={declaration}
        renderActions={(record) => (
          <Box sx={{ display: 'flex', gap: 0.5 }} onClick={(event) => event.stopPropagation()}>
            <RowActions declaration={others} />
            {canAccess && <ResetKeyButton record={record} onIssued={onIssued} />}
          </Box>
        )}
      />
      <GrantDialog open={granting} onClose={() => setGranting(false)} onIssued={onIssued} />
      <KeyDialog issued={issued} onClose={() => setIssued(null)} />
    </Box>
  );
}

const TAB_KEY = 'addThirdPartyCallTab';

/**
 * /addThirdPartyCall: 调用授权 (merchants' open-API keys) and 平台调用记录 (the platform's calls to the bank and the
 * identity provider, which concern no enterprise). The chosen tab is kept for the session; switching drops the
 * other list's filters from the address.
 */
export function OpenApiKeyList({ declaration }: { declaration: ResourceDeclaration }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [tab, setTab] = useState(() => sessionStorage.getItem(TAB_KEY) ?? 'keys');
  const choose = (next: string) => {
    sessionStorage.setItem(TAB_KEY, next);
    setTab(next);
    navigate(location.pathname, { replace: true });
  };
  return (
    <Box>
      <Tabs value={tab} onChange={(_, next: string) => choose(next)} sx={{ mt: 1 }} aria-label="第三方调用">
        <Tab value="keys" label="调用授权" />
        <Tab value="calls" label="平台调用记录" />
      </Tabs>
      {tab === 'calls' ? (
        <ThirdCallList key="calls" declaration={platformCalls} />
      ) : (
        <KeyList key="keys" declaration={declaration} />
      )}
    </Box>
  );
}
