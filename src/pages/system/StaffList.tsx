// The staff pages are declared (resources/staff.ts) and drawn by the list generator; what stays hand-built here is
// the account form: role, departments and branches picked by name, which the generated forms cannot express.
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { type RaRecord, useRefresh } from 'react-admin';
import { requestContent } from '../../../providers/httpClient';
import { getSession } from '../../../providers/sessionStore';
import { GeneratedList } from '../../../resources/generator/GeneratedList';
import { RowActions } from '../../../resources/generator/RowActions';
import type { ResourceDeclaration } from '../../../resources/types';
import { ROLE } from '../../domain/roles';
import {
  STAFF_NAME_MESSAGE,
  STAFF_USERNAME_MESSAGE,
  STAFF_USERNAME_PATTERN,
  type StaffView,
  staffView,
} from '../../domain/staff';
import { MOBILE_PATTERN, MSG } from '../../domain/validation';
import { showToast } from '../../shell/toast';

/**
 * Privileges only go down (server/auth/privilegeRules.ts): only the admin changes another account's mobile or
 * resets its password; nobody changes its own status. The role picker lists what the server lets the caller give.
 */
function mayChangeMobileOf(accountId: number | undefined): boolean {
  const user = getSession()?.user;
  return accountId === undefined || user?.properties.rid === ROLE.admin || user?.id === accountId;
}

function isSelf(accountId: number): boolean {
  return getSession()?.user.id === accountId;
}

interface Named {
  id: number;
  name: string;
}

interface StaffRow {
  id: number;
  username: string;
  displayName: string;
  mobile: string;
  status: number;
  roleId: number;
  roleName: string;
  createTime: string;
  departments: Named[];
  subsidiaries: { id: number; sname: string }[];
}

interface Page<T> {
  content: T[];
}

/** A searchable multiple select over a search API: shows names, sends ids. */
function NamePicker({
  label,
  url,
  filterKey,
  nameOf,
  value,
  onChange,
  extraQ,
}: {
  label: string;
  url: string;
  filterKey: string;
  nameOf: (row: Record<string, unknown>) => string;
  value: Named[];
  onChange: (value: Named[]) => void;
  extraQ?: Record<string, unknown>;
}) {
  const [input, setInput] = useState('');
  const [options, setOptions] = useState<Named[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      requestContent<Page<Record<string, unknown>>>(url, {
        q: { ...(extraQ ?? {}), ...(input ? { [filterKey]: input } : {}) },
        query: { page: 0, size: 20 },
        signal: controller.signal,
        silent: true,
        background: true,
      }).then(
        (page) => setOptions(page.content.map((row) => ({ id: Number(row.id), name: nameOf(row) }))),
        () => setOptions([]),
      );
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [input, url, filterKey, nameOf, extraQ]);
  return (
    <Autocomplete
      multiple
      options={options}
      value={value}
      filterOptions={(items) => items}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      onInputChange={(_, next) => setInput(next)}
      onChange={(_, next) => onChange(next)}
      noOptionsText="无匹配项"
      renderInput={(params) => <TextField {...params} label={label} placeholder="输入名称搜索" />}
    />
  );
}

const departmentName = (row: Record<string, unknown>) => String(row.name);
const subsidiaryName = (row: Record<string, unknown>) => String(row.sname);

function StaffDialog({
  view,
  editing,
  open,
  onClose,
  onSaved,
}: {
  view: StaffView;
  editing: StaffRow | null;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [roles, setRoles] = useState<Named[]>([]);
  const [values, setValues] = useState({ username: '', displayName: '', mobile: '', roleId: 0 });
  const [departments, setDepartments] = useState<Named[]>([]);
  const [subsidiaries, setSubsidiaries] = useState<Named[]>([]);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  useEffect(() => {
    if (!open) return;
    requestContent<Named[]>('/api/v1/roles', { query: { kind: view.kind }, silent: true }).then(setRoles, () =>
      setRoles([]),
    );
    setValues({
      username: editing?.username ?? '',
      displayName: editing?.displayName ?? '',
      mobile: editing?.mobile ?? '',
      roleId: editing?.roleId ?? view.kind,
    });
    setDepartments(editing?.departments ?? []);
    setSubsidiaries(editing?.subsidiaries.map((item) => ({ id: item.id, name: item.sname })) ?? []);
    setErrors({});
  }, [open, editing, view.kind]);
  const submit = async () => {
    const found: Record<string, string | undefined> = {
      username: editing
        ? undefined
        : !values.username.trim()
          ? MSG.usernameRequired
          : STAFF_USERNAME_PATTERN.test(values.username.trim())
            ? undefined
            : STAFF_USERNAME_MESSAGE,
      displayName:
        [...values.displayName.trim()].length < 2 || values.displayName.trim().length > 20
          ? STAFF_NAME_MESSAGE
          : undefined,
      mobile: !values.mobile.trim()
        ? MSG.mobileRequired
        : MOBILE_PATTERN.test(values.mobile.trim())
          ? undefined
          : MSG.mobile,
      departments: view.kind !== 5 && departments.length === 0 ? '请选择部门' : undefined,
    };
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    const json = {
      ...values,
      username: values.username.trim(),
      displayName: values.displayName.trim(),
      mobile: values.mobile.trim(),
      deptIds: departments.map((item) => item.id),
      subIds: subsidiaries.map((item) => item.id),
    };
    try {
      await requestContent(`/api/v1/staff/${view.name}${editing ? `/${editing.id}` : ''}`, {
        method: editing ? 'PUT' : 'POST',
        json,
        silent: true,
      });
      showToast(editing ? '保存成功' : '新增成功，初始密码已通过短信发送', 'success');
      onSaved();
    } catch (failure) {
      setErrors({ form: (failure as Error).message });
    }
  };
  const field = (key: 'username' | 'displayName' | 'mobile', label: string, disabled = false) => (
    <TextField
      label={label}
      value={values[key]}
      disabled={disabled}
      required
      onChange={(event) => setValues((current) => ({ ...current, [key]: event.target.value }))}
      error={!!errors[key]}
      helperText={errors[key] ?? ' '}
    />
  );
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="staff-dialog-title" maxWidth="sm" fullWidth>
      <DialogTitle id="staff-dialog-title">{editing ? `编辑${view.noun}` : `新增${view.noun}`}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 1, pt: '8px !important' }}>
        {field('username', '用户名', !!editing)}
        {field('displayName', '姓名')}
        {field('mobile', '手机号', !mayChangeMobileOf(editing?.id))}
        <TextField
          select
          label="角色"
          value={roles.some((role) => role.id === values.roleId) ? values.roleId : ''}
          onChange={(event) => setValues((current) => ({ ...current, roleId: Number(event.target.value) }))}
          helperText=" "
        >
          {roles.map((role) => (
            <MenuItem key={role.id} value={role.id}>
              {role.name}
            </MenuItem>
          ))}
        </TextField>
        <NamePicker
          label="部门（数据范围）"
          url="/api/v1/department/search"
          filterKey="name"
          nameOf={departmentName}
          value={departments}
          onChange={setDepartments}
        />
        {errors.departments && <Box sx={{ color: 'error.main', fontSize: 12 }}>{errors.departments}</Box>}
        <NamePicker
          label="分公司"
          url="/api/v1/subsidiary/search"
          filterKey="sname"
          nameOf={subsidiaryName}
          value={subsidiaries}
          onChange={setSubsidiaries}
        />
        {errors.form && <Box sx={{ color: 'error.main' }}>{errors.form}</Box>}
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

/** 编辑, and the declared 停用 / 启用 / 重置密码 the viewer may use on this row (privileges only go down). */
function StaffRowActions({
  declaration,
  record,
  onEdit,
}: {
  declaration: ResourceDeclaration;
  record: RaRecord;
  onEdit: () => void;
}) {
  const id = Number(record.id);
  const own = (declaration.actions ?? []).filter((action) =>
    action.name === 'resetPassword' ? mayChangeMobileOf(id) : !isSelf(id),
  );
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'nowrap' }}>
      <Button size="small" onClick={onEdit}>
        编辑
      </Button>
      <RowActions declaration={{ ...declaration, actions: own }} />
    </Box>
  );
}

/**
 * 客服 / 财务人员 / 合伙人 management (resources/staff.ts): the generated list, with the account form (role,
 * departments and branches picked by name, which the generated forms cannot express) in a dialog.
 */
export function StaffList({ declaration }: { declaration: ResourceDeclaration }) {
  const view = staffView(declaration.name);
  const refresh = useRefresh();
  const [dialog, setDialog] = useState<{ open: boolean; editing: StaffRow | null }>({ open: false, editing: null });
  if (!view) return null;
  return (
    <Box>
      <Box sx={{ display: 'flex', px: 2, pt: 2 }}>
        <Button variant="contained" onClick={() => setDialog({ open: true, editing: null })}>
          新增{view.noun}
        </Button>
      </Box>
      <GeneratedList
        declaration={declaration}
        rowClick={false}
        renderActions={(record) => (
          <StaffRowActions
            declaration={declaration}
            record={record}
            onEdit={() => setDialog({ open: true, editing: record as unknown as StaffRow })}
          />
        )}
      />
      <StaffDialog
        view={view}
        editing={dialog.editing}
        open={dialog.open}
        onClose={() => setDialog({ open: false, editing: null })}
        onSaved={() => {
          setDialog({ open: false, editing: null });
          refresh();
        }}
      />
    </Box>
  );
}
