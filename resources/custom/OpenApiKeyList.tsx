import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { Button, type RaRecord, useCanAccess, useNotify, useRefresh } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { ApiError, request, requestContent } from '../../providers/httpClient';
import { getSession } from '../../providers/sessionStore';
import { OPEN_MSG, type OpenScope } from '../../src/domain/openApiRules';
import { INLINE_ACTIONS, shownActions } from '../actionRequest';
import { GeneratedList } from '../generator/GeneratedList';
import { ActionButton, MoreActions } from '../generator/RowActions';
import { platformCalls } from '../thirdPartyCalls';
import type { ResourceDeclaration } from '../types';
import {
  ExpiryField,
  expiryOfDay,
  type IssuedKey,
  IssuedKeyDialog,
  KeySettingsDialog,
  RotateKeyDialog,
  ScopeChoices,
} from './openApiKeyDialogs';
import { ThirdCallList } from './ThirdCallList';

interface CompanyOption {
  id: number;
  name: string;
  platformMark: number;
}

const BASE = '/api/v1/companies/otherplatformmark';

/** A write's answer, or its refusal as an error carrying the server's message. */
async function send<T>(path: string, method: 'POST' | 'PUT', json: unknown): Promise<{ content: T; message: string }> {
  const answer = await request<T>(path, { method, json, silent: true });
  if (answer.code !== 1020000) throw new ApiError(answer.message, 200, answer.code, null);
  return { content: answer.content, message: answer.message };
}

interface KeyAnswer {
  caller: string;
  key: string;
  keyId: string;
  signingSecret: string;
  previousValidUntil?: string | null;
}

const issuedOf = ({ content, message }: { content: KeyAnswer; message: string }): IssuedKey => ({
  caller: content.caller,
  key: content.key,
  keyId: content.keyId,
  signingSecret: content.signingSecret,
  previousValidUntil: content.previousValidUntil ?? null,
  message,
});

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
  const [scopes, setScopes] = useState<OpenScope[]>(['read']);
  const [day, setDay] = useState('');
  const [scopeError, setScopeError] = useState<string | undefined>();
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
    if (scopes.length === 0) return setScopeError(OPEN_MSG.scopesEmpty);
    setScopeError(undefined);
    setSaving(true);
    try {
      const answer = await send<KeyAnswer>(BASE, 'POST', {
        companyId: company.id,
        caller: caller.trim(),
        remark: remark.trim(),
        scopes,
        expireTime: expiryOfDay(day),
      });
      onIssued(issuedOf(answer));
      setCompany(null);
      setCaller('');
      setRemark('');
      setScopes(['read']);
      setDay('');
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
          <ScopeChoices value={scopes} onChange={setScopes} error={scopeError} />
          <ExpiryField value={day} onChange={setDay} />
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

/**
 * A row's actions: 修改权限与有效期 and 轮换密钥 (dialogs of this page) and the declared ones (停用 / 启用, 删除);
 * past INLINE_ACTIONS the declared ones, needed less often, go under 「更多」.
 */
function KeyRowActions({
  record,
  declaration,
  canManage,
  onSettings,
  onRotate,
}: {
  record: RaRecord;
  declaration: ResourceDeclaration;
  canManage: boolean;
  onSettings: (record: RaRecord) => void;
  onRotate: (record: RaRecord) => void;
}) {
  const declared = shownActions(declaration, record, getSession()?.user);
  const own = canManage ? 2 : 0;
  const title = String(record[declaration.recordTitle] ?? record.id);
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'nowrap' }} onClick={(event) => event.stopPropagation()}>
      {canManage && <Button label="修改权限与有效期" onClick={() => onSettings(record)} />}
      {canManage && <Button label="轮换密钥" onClick={() => onRotate(record)} />}
      {own + declared.length <= INLINE_ACTIONS ? (
        declared.map((action) => <ActionButton key={action.name} action={action} record={record} title={title} />)
      ) : (
        <MoreActions actions={declared} record={record} title={title} />
      )}
    </Box>
  );
}

/**
 * /addThirdPartyCall: which merchant may call the platform's open API with which key, scopes and expiry. 新增授权
 * picks a merchant by name; the key and the signing secret are shown once (granted or rotated), the list keeps the
 * key's first 12 characters and the key id.
 */
function KeyList({ declaration }: { declaration: ResourceDeclaration }) {
  const { canAccess } = useCanAccess({ resource: declaration.name, action: 'delete' });
  const refresh = useRefresh();
  const notify = useNotify();
  const [granting, setGranting] = useState(false);
  const [issued, setIssued] = useState<IssuedKey | null>(null);
  const [editing, setEditing] = useState<RaRecord | null>(null);
  const [rotating, setRotating] = useState<RaRecord | null>(null);
  const others = { ...declaration, actions: declaration.actions?.filter((action) => action.name !== 'resetKey') };
  const onIssued = (key: IssuedKey) => {
    setGranting(false);
    setRotating(null);
    setIssued(key);
    refresh();
  };
  const saveSettings = async (values: { scopes: OpenScope[]; expireTime: string | null; callsPerMinute: number }) => {
    if (!editing) return;
    try {
      const answer = await send(`${BASE}/${editing.id}`, 'PUT', values);
      notify(answer.message, { type: 'success' });
      setEditing(null);
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : '保存失败', { type: 'error' });
    }
  };
  const rotate = async (overlapHours: number) => {
    if (!rotating) return;
    try {
      onIssued(issuedOf(await send<KeyAnswer>(`/api/v1/company/baoguset/${rotating.id}`, 'POST', { overlapHours })));
    } catch (error) {
      notify(error instanceof Error ? error.message : '轮换失败', { type: 'error' });
    }
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
          <KeyRowActions
            record={record}
            declaration={others}
            canManage={Boolean(canAccess)}
            onSettings={setEditing}
            onRotate={setRotating}
          />
        )}
      />
      <GrantDialog open={granting} onClose={() => setGranting(false)} onIssued={onIssued} />
      <KeySettingsDialog record={editing} onClose={() => setEditing(null)} onSave={saveSettings} />
      <RotateKeyDialog record={rotating} onClose={() => setRotating(null)} onRotate={rotate} />
      <IssuedKeyDialog issued={issued} onClose={() => setIssued(null)} />
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
