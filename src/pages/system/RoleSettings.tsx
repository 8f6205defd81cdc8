// Hand-built, not a generated list: an editor of one role at a time (the few roles beside a tree of permission
// codes by menu group, with group checkboxes), not a list of records to filter, page and export.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Confirm, Title } from 'react-admin';
import { requestContent } from '../../../providers/httpClient';
import {
  DATA_SCOPE_HINTS,
  DATA_SCOPE_LABELS,
  type DataScopeKind,
  EDITIONS,
  STAFF_DATA_SCOPES,
} from '../../domain/dataScope';
import { type PermissionGroup, permissionTreeFor } from '../../domain/permissionCatalog';
import { showToast } from '../../shell/toast';

interface Role {
  id: number;
  name: string;
  kind: number;
  kindName: string;
  remark: string | null;
  builtin: number;
  codes: string[];
  userCount: number;
  dataScope: DataScopeKind;
  dataEditions: number[];
  dataScopeName: string;
}

interface ScopeValue {
  dataScope: DataScopeKind;
  dataEditions: number[];
}

/**
 * 数据权限: which companies' records the role's accounts reach, and which editions. Role 1 always reaches every
 * company and a merchant role its own company: shown, not editable.
 */
function DataScopeFields({
  value,
  fixed,
  onChange,
}: {
  value: ScopeValue;
  fixed: boolean;
  onChange: (next: ScopeValue) => void;
}) {
  const toggleEdition = (mark: number) => {
    const marks = value.dataEditions.includes(mark)
      ? value.dataEditions.filter((item) => item !== mark)
      : [...value.dataEditions, mark].sort();
    onChange({ ...value, dataEditions: marks });
  };
  return (
    <Box
      role="group"
      aria-label="数据权限"
      sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}
    >
      <TextField
        select
        size="small"
        label="数据权限"
        value={value.dataScope}
        disabled={fixed}
        onChange={(event) => onChange({ ...value, dataScope: event.target.value as DataScopeKind })}
        helperText={DATA_SCOPE_HINTS[value.dataScope]}
        // The hint explains a fixed scope too: it keeps the readable secondary colour, not the disabled grey.
        slotProps={{ formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } } }}
        sx={{ minWidth: 220 }}
      >
        {(fixed ? [value.dataScope] : STAFF_DATA_SCOPES).map((kind) => (
          <MenuItem key={kind} value={kind}>
            {DATA_SCOPE_LABELS[kind]}
          </MenuItem>
        ))}
      </TextField>
      <Box role="group" aria-label="可见版本" sx={{ display: 'flex', alignItems: 'center' }}>
        <Typography sx={{ mr: 1 }}>可见版本</Typography>
        {EDITIONS.map((edition) => (
          <FormControlLabel
            key={edition.id}
            control={
              <Checkbox
                size="small"
                checked={value.dataEditions.includes(edition.id)}
                disabled={fixed || value.dataScope === 'none'}
                onChange={() => toggleEdition(edition.id)}
              />
            }
            label={edition.name}
          />
        ))}
      </Box>
    </Box>
  );
}

const KIND_CHOICES = [
  { id: 3, name: '客服' },
  { id: 4, name: '合伙人' },
  { id: 5, name: '财务' },
];

/** One menu group: its checkbox sets the group's menu code and every code under it. */
function GroupTree({
  group,
  chosen,
  disabled,
  onChange,
}: {
  group: PermissionGroup;
  chosen: ReadonlySet<string>;
  disabled: boolean;
  onChange: (next: Set<string>) => void;
}) {
  const children = group.codes.map((item) => item.code);
  const all = [...(group.groupCode ? [group.groupCode] : []), ...children];
  const held = all.filter((code) => chosen.has(code)).length;
  const toggleGroup = () => {
    const next = new Set(chosen);
    if (held === all.length) for (const code of all) next.delete(code);
    else for (const code of all) next.add(code);
    onChange(next);
  };
  const toggleCode = (code: string) => {
    const next = new Set(chosen);
    if (next.has(code)) {
      next.delete(code);
      if (group.groupCode && children.every((child) => !next.has(child))) next.delete(group.groupCode);
    } else {
      next.add(code);
      // A page is reached through its menu group: choosing it shows the group.
      if (group.groupCode) next.add(group.groupCode);
    }
    onChange(next);
  };
  return (
    <Box role="group" aria-label={group.label} sx={{ mb: 1 }}>
      <FormControlLabel
        control={
          <Checkbox
            checked={held === all.length && all.length > 0}
            indeterminate={held > 0 && held < all.length}
            onChange={toggleGroup}
            disabled={disabled}
          />
        }
        label={<Typography fontWeight={600}>{group.label}</Typography>}
      />
      <Box sx={{ pl: 4, display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
        {group.codes.map((item) => (
          <FormControlLabel
            key={item.code}
            title={item.pages.length > 1 ? `可访问：${item.pages.join('、')}` : undefined}
            sx={{ minWidth: 200 }}
            control={
              <Checkbox
                size="small"
                checked={chosen.has(item.code)}
                onChange={() => toggleCode(item.code)}
                disabled={disabled}
              />
            }
            label={item.label}
          />
        ))}
      </Box>
    </Box>
  );
}

function NewRoleDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (role: Role) => void;
}) {
  const blank = { name: '', kind: 5, remark: '', dataScope: 'none' as DataScopeKind, dataEditions: [1, 3] };
  const [values, setValues] = useState(blank);
  const [error, setError] = useState<string | undefined>();
  const submit = async () => {
    if (values.name.trim().length < 2 || values.name.trim().length > 20) {
      setError('请输入2-20位角色名称');
      return;
    }
    try {
      const role = await requestContent<Role>('/api/v1/roles', {
        method: 'POST',
        json: { ...values, name: values.name.trim(), codes: [] },
        silent: true,
      });
      showToast('新增成功', 'success');
      setValues(blank);
      setError(undefined);
      onCreated(role);
    } catch (failure) {
      setError((failure as Error).message);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="new-role-title">
      <DialogTitle id="new-role-title">新增角色</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important', width: 360 }}>
        <TextField
          label="角色名称"
          value={values.name}
          onChange={(event) => setValues({ ...values, name: event.target.value })}
          error={!!error}
          helperText={error ?? ' '}
          required
        />
        <TextField
          select
          label="角色类型"
          value={values.kind}
          onChange={(event) => setValues({ ...values, kind: Number(event.target.value) })}
        >
          {KIND_CHOICES.map((choice) => (
            <MenuItem key={choice.id} value={choice.id}>
              {choice.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="备注"
          value={values.remark}
          onChange={(event) => setValues({ ...values, remark: event.target.value })}
        />
        <DataScopeFields value={values} fixed={false} onChange={(next) => setValues({ ...values, ...next })} />
        <Typography variant="body2" color="text.secondary">
          新角色默认无数据权限，选择后其账号才能查看企业的数据。
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>取消</Button>
        <Button variant="contained" onClick={() => void submit()}>
          确定
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** /adRoleSettings (role 1 only): each role's codes as a tree of the menu's groups, with Chinese names. */
export function RoleSettings() {
  const [roles, setRoles] = useState<Role[]>([]);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [name, setName] = useState('');
  const [remark, setRemark] = useState('');
  const [scope, setScope] = useState<ScopeValue>({ dataScope: 'none', dataEditions: [1, 3] });
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [saving, setSaving] = useState(false);

  const load = useCallback(async (select?: number) => {
    const list = await requestContent<Role[]>('/api/v1/roles');
    setRoles(list);
    const role = list.find((item) => item.id === select) ?? list[0];
    if (role) {
      setSelectedId(role.id);
      setChosen(new Set(role.codes));
      setName(role.name);
      setRemark(role.remark ?? '');
      setScope({ dataScope: role.dataScope, dataEditions: role.dataEditions });
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const selected = roles.find((role) => role.id === selectedId);
  const tree = useMemo(() => (selected ? permissionTreeFor(selected.kind) : []), [selected]);
  const pick = (role: Role) => {
    setSelectedId(role.id);
    setChosen(new Set(role.codes));
    setName(role.name);
    setRemark(role.remark ?? '');
    setScope({ dataScope: role.dataScope, dataEditions: role.dataEditions });
  };
  const save = async () => {
    if (!selected) return;
    setSaving(true);
    try {
      await requestContent(`/api/v1/roles/${selected.id}`, {
        method: 'PUT',
        json: { name: name.trim(), remark, codes: [...chosen], ...(fixedScope ? {} : scope) },
        silent: true,
      });
      showToast('保存成功，该角色的账号下次操作时生效', 'success');
      await load(selected.id);
    } catch (failure) {
      showToast((failure as Error).message, 'error');
    } finally {
      setSaving(false);
    }
  };
  const remove = async () => {
    if (!selected) return;
    try {
      await requestContent(`/api/v1/roles/${selected.id}`, { method: 'DELETE', silent: true });
      showToast('删除成功', 'success');
      setDeleting(false);
      await load();
    } catch (failure) {
      showToast((failure as Error).message, 'error');
      setDeleting(false);
    }
  };
  const isAdmin = selected?.id === 1;
  const fixedScope = selected?.kind === 1 || selected?.kind === 2;

  return (
    <Box sx={{ mt: 2, display: 'flex', gap: 2, alignItems: 'flex-start' }}>
      <Title title="角色设置" />
      <NewRoleDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(role) => {
          setCreating(false);
          void load(role.id);
        }}
      />
      <Confirm
        isOpen={deleting}
        title={`删除角色「${selected?.name ?? ''}」`}
        content="删除后不可恢复，确定删除吗？"
        confirm="确定"
        cancel="取消"
        onConfirm={() => void remove()}
        onClose={() => setDeleting(false)}
      />
      <Paper sx={{ width: 240, flexShrink: 0 }}>
        <Box sx={{ p: 1, display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
          <Typography fontWeight={600}>角色</Typography>
          <Button size="small" onClick={() => setCreating(true)}>
            新增角色
          </Button>
        </Box>
        <List dense aria-label="角色列表">
          {roles.map((role) => (
            <ListItem key={role.id} disablePadding>
              <ListItemButton selected={role.id === selectedId} onClick={() => pick(role)}>
                <ListItemText
                  primary={role.name}
                  secondary={`${role.kindName} · ${role.userCount}个账号 · ${role.dataScopeName}`}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Paper>
      {selected && (
        <Paper sx={{ flex: 1, p: 2 }}>
          <Box sx={{ display: 'flex', gap: 2, mb: 2 }}>
            <TextField size="small" label="角色名称" value={name} onChange={(event) => setName(event.target.value)} />
            <TextField
              size="small"
              label="备注"
              value={remark}
              onChange={(event) => setRemark(event.target.value)}
              sx={{ flex: 1 }}
            />
          </Box>
          <Box sx={{ mb: 2 }}>
            <DataScopeFields value={scope} fixed={fixedScope} onChange={setScope} />
          </Box>
          {isAdmin && (
            <Typography color="text.secondary" sx={{ mb: 1 }}>
              管理员拥有全部权限，不能取消。
            </Typography>
          )}
          <Box aria-label="权限" role="group">
            {tree.map((group) => (
              <GroupTree key={group.key} group={group} chosen={chosen} disabled={isAdmin} onChange={setChosen} />
            ))}
          </Box>
          <Box sx={{ display: 'flex', gap: 1, mt: 2 }}>
            <Button variant="contained" onClick={() => void save()} disabled={saving}>
              保存
            </Button>
            {selected.builtin !== 1 && (
              <Button color="error" onClick={() => setDeleting(true)}>
                删除角色
              </Button>
            )}
          </Box>
        </Paper>
      )}
    </Box>
  );
}
