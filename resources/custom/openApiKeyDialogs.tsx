import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Button, type RaRecord, useNotify } from 'react-admin';
import { chinaToday } from '../../src/domain/chinaTime';
import {
  DEFAULT_ROTATION_OVERLAP_HOURS,
  OPEN_MSG,
  OPEN_SCOPE_CHOICES,
  OPEN_SCOPES,
  type OpenScope,
} from '../../src/domain/openApiRules';
import { DayField } from '../generator/DateFields';

/** What a grant or a rotation answers once: after its dialog closes only the key's first characters are kept. */
export interface IssuedKey {
  caller: string;
  key: string;
  keyId: string;
  signingSecret: string;
  message: string;
  previousValidUntil?: string | null;
}

/** The stored scopes of a row (read,pay) as the checkboxes' values. */
export const scopesOfRecord = (record: RaRecord): OpenScope[] => {
  const given = new Set(String(record.scopes ?? '').split(','));
  return OPEN_SCOPES.filter((scope) => given.has(scope));
};

/** An expiry day (YYYY-MM-DD) as the end of that day, the text the server keeps; '' means no expiry. */
export const expiryOfDay = (day: string): string | null => (day ? `${day} 23:59:59` : null);

function copy(text: string, notify: ReturnType<typeof useNotify>) {
  // navigator.clipboard is missing outside secure contexts (plain http).
  Promise.resolve()
    .then(() => navigator.clipboard.writeText(text))
    .then(() => notify('已复制', { type: 'success' }))
    .catch(() => notify('复制失败，请手动选中复制', { type: 'warning' }));
}

function CopyField({ label, value }: { label: string; value: string }) {
  const notify = useNotify();
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
      <TextField
        label={label}
        value={value}
        fullWidth
        size="small"
        slotProps={{ input: { readOnly: true, sx: { fontFamily: 'monospace' } } }}
        onFocus={(event) => event.target.select()}
      />
      <Button label={`复制${label}`} onClick={() => copy(value, notify)} sx={{ whiteSpace: 'nowrap' }} />
    </Box>
  );
}

/** The key, the key id and the signing secret, once, with a warning that they are not shown again. */
export function IssuedKeyDialog({ issued, onClose }: { issued: IssuedKey | null; onClose: () => void }) {
  return (
    <Dialog open={issued !== null} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="issued-key-title">
      <DialogTitle id="issued-key-title">开放接口密钥「{issued?.caller ?? ''}」</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {issued?.message} 密钥与签名密钥只显示这一次，关闭后无法再查看，请立即复制并交给商户保存。
        </Alert>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <CopyField label="密钥编号" value={issued?.keyId ?? ''} />
          <CopyField label="签名密钥" value={issued?.signingSecret ?? ''} />
          <CopyField label="校验密钥" value={issued?.key ?? ''} />
        </Box>
        {issued?.previousValidUntil && (
          <Typography variant="body2" sx={{ mt: 2 }}>
            旧签名密钥在 {issued.previousValidUntil} 前仍可签名，商户系统应在此之前换用新的签名密钥。
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          商户系统用密钥编号（请求头 X-LG-Key）和签名密钥为每个 /open/v1/
          请求签名；校验密钥只用于旧的密钥校验接口，放在请求头 secretkey 中，不要放在网址里。
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button label="我已保存，关闭" onClick={onClose} />
      </DialogActions>
    </Dialog>
  );
}

/** The scopes as checkboxes in Chinese; at least one must stay chosen. */
export function ScopeChoices({
  value,
  onChange,
  error,
}: {
  value: readonly OpenScope[];
  onChange: (next: OpenScope[]) => void;
  error?: string;
}) {
  return (
    <FormControl component="fieldset" error={Boolean(error)}>
      <FormLabel component="legend">权限</FormLabel>
      <FormGroup>
        {OPEN_SCOPE_CHOICES.map((choice) => (
          <FormControlLabel
            key={choice.id}
            label={choice.name}
            control={
              <Checkbox
                checked={value.includes(choice.id)}
                onChange={(event) => {
                  const chosen = new Set(value);
                  if (event.target.checked) chosen.add(choice.id);
                  else chosen.delete(choice.id);
                  onChange(OPEN_SCOPES.filter((scope) => chosen.has(scope)));
                }}
              />
            }
          />
        ))}
      </FormGroup>
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}

/** The expiry as a Chinese day picker (the key signs until the end of that day); empty: no expiry. */
export function ExpiryField({ value, onChange }: { value: string; onChange: (day: string) => void }) {
  return (
    <Box>
      <DayField label="有效期至" value={value} onChange={onChange} minDate={chinaToday()} width={220} />
      <FormHelperText>含当天，到当天 23:59:59 为止；不选为长期有效</FormHelperText>
    </Box>
  );
}

/** 修改权限与有效期: scopes, expiry and calls a minute of one key (PUT /api/v1/companies/otherplatformmark/:id). */
export function KeySettingsDialog({
  record,
  onClose,
  onSave,
}: {
  record: RaRecord | null;
  onClose: () => void;
  onSave: (values: { scopes: OpenScope[]; expireTime: string | null; callsPerMinute: number }) => Promise<void>;
}) {
  const [scopes, setScopes] = useState<OpenScope[]>([]);
  const [day, setDay] = useState('');
  const [perMinute, setPerMinute] = useState('');
  const [errors, setErrors] = useState<{ scopes?: string; perMinute?: string }>({});
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!record) return;
    setScopes(scopesOfRecord(record));
    setDay(typeof record.expireTime === 'string' ? record.expireTime.slice(0, 10) : '');
    setPerMinute(String(record.callsPerMinute ?? ''));
    setErrors({});
  }, [record]);
  const save = async () => {
    const count = Number(perMinute);
    const found = {
      scopes: scopes.length === 0 ? OPEN_MSG.scopesEmpty : undefined,
      perMinute: Number.isInteger(count) && count >= 1 && count <= 6000 ? undefined : '请输入 1-6000 的整数',
    };
    setErrors(found);
    if (found.scopes || found.perMinute) return;
    setSaving(true);
    try {
      // An untouched day keeps the stored expiry's own time instead of moving it to the end of the day.
      const stored = typeof record?.expireTime === 'string' ? record.expireTime : null;
      const expireTime = stored && stored.slice(0, 10) === day ? stored : expiryOfDay(day);
      await onSave({ scopes, expireTime, callsPerMinute: count });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog open={record !== null} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="key-settings-title">
      <DialogTitle id="key-settings-title">修改权限与有效期「{String(record?.caller ?? '')}」</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}>
          <ScopeChoices value={scopes} onChange={setScopes} error={errors.scopes} />
          <ExpiryField value={day} onChange={setDay} />
          <TextField
            label="每分钟调用次数"
            type="number"
            size="small"
            value={perMinute}
            onChange={(event) => setPerMinute(event.target.value)}
            error={Boolean(errors.perMinute)}
            helperText={errors.perMinute ?? '1-6000，超过后该分钟内的调用被拒绝'}
            sx={{ width: 220 }}
          />
          <Typography variant="body2" color="text.secondary">
            保存后在下一次调用时生效。
          </Typography>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button label="取消" onClick={onClose} />
        <Button label={saving ? '正在保存…' : '保存'} disabled={saving} onClick={() => void save()} />
      </DialogActions>
    </Dialog>
  );
}

/** 轮换密钥: asks for the overlap and a confirmation before POST /api/v1/company/baoguset/:id. */
export function RotateKeyDialog({
  record,
  onClose,
  onRotate,
}: {
  record: RaRecord | null;
  onClose: () => void;
  onRotate: (overlapHours: number) => Promise<void>;
}) {
  const [hours, setHours] = useState(String(DEFAULT_ROTATION_OVERLAP_HOURS));
  const [error, setError] = useState<string | undefined>();
  const [running, setRunning] = useState(false);
  useEffect(() => {
    if (record) {
      setHours(String(DEFAULT_ROTATION_OVERLAP_HOURS));
      setError(undefined);
    }
  }, [record]);
  const rotate = async () => {
    const overlap = Number(hours);
    if (!Number.isInteger(overlap) || overlap < 0 || overlap > 720) {
      setError('请输入 0-720 的整数');
      return;
    }
    setRunning(true);
    try {
      await onRotate(overlap);
    } finally {
      setRunning(false);
    }
  };
  return (
    <Dialog open={record !== null} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="rotate-key-title">
      <DialogTitle id="rotate-key-title">轮换密钥「{String(record?.caller ?? '')}」</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          轮换后会生成新的校验密钥和签名密钥，旧的校验密钥立即失效；旧签名密钥在重叠期内仍可签名，之后失效。新密钥只显示一次，确定轮换吗？
        </Alert>
        <TextField
          label="重叠期（小时）"
          type="number"
          size="small"
          value={hours}
          onChange={(event) => setHours(event.target.value)}
          error={Boolean(error)}
          helperText={error ?? '0-720，0 表示旧签名密钥立即失效'}
          sx={{ width: 220 }}
        />
      </DialogContent>
      <DialogActions>
        <Button label="取消" onClick={onClose} />
        <Button label={running ? '正在轮换…' : '确定轮换'} disabled={running} onClick={() => void rotate()} />
      </DialogActions>
    </Dialog>
  );
}
