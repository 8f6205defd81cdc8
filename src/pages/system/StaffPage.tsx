import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useCallback, useEffect, useState } from 'react';
import { Confirm, Title } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { requestContent } from '../../../providers/httpClient';
import { getSession } from '../../../providers/sessionStore';
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
  totalElements: number;
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

type Pending = { kind: 'status' | 'reset'; row: StaffRow } | null;

/** 客服 / 财务人员 / 合伙人 management (standard and small-scale): one page per STAFF_VIEWS entry. */
export function StaffPage() {
  const { pathname } = useLocation();
  const view = staffView(pathname.split('/')[1] ?? '');
  const [rows, setRows] = useState<StaffRow[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(10);
  const [filters, setFilters] = useState({ username: '', mobile: '', status: '' });
  const [applied, setApplied] = useState(filters);
  const [dialog, setDialog] = useState<{ open: boolean; editing: StaffRow | null }>({ open: false, editing: null });
  const [pending, setPending] = useState<Pending>(null);

  const load = useCallback(async () => {
    if (!view) return;
    const q = Object.fromEntries(Object.entries(applied).filter(([, value]) => value !== ''));
    const answer = await requestContent<Page<StaffRow>>(`/api/v1/staff/${view.name}`, {
      q,
      query: { page, size },
    });
    setRows(answer.content);
    setTotal(answer.totalElements);
  }, [view, applied, page, size]);
  useEffect(() => {
    void load().catch(() => undefined);
  }, [load]);

  if (!view) return null;
  const act = async () => {
    if (!pending) return;
    const { row } = pending;
    try {
      if (pending.kind === 'status') {
        await requestContent(`/api/v1/staff/${view.name}/${row.id}/status`, {
          method: 'PATCH',
          json: { status: row.status === 1 ? 0 : 1 },
          silent: true,
        });
        showToast(row.status === 1 ? `已停用 ${row.username}` : `已启用 ${row.username}`, 'success');
      } else {
        await requestContent(`/api/v1/staff/${view.name}/${row.id}/resetpwd`, {
          method: 'POST',
          json: {},
          silent: true,
        });
        showToast('密码已重置，新密码已通过短信发送', 'success');
      }
      setPending(null);
      await load();
    } catch (failure) {
      showToast((failure as Error).message, 'error');
      setPending(null);
    }
  };
  const stopping = pending?.kind === 'status' && pending.row.status === 1;

  return (
    <Box sx={{ mt: 2 }}>
      <Title title={view.title} />
      <StaffDialog
        view={view}
        editing={dialog.editing}
        open={dialog.open}
        onClose={() => setDialog({ open: false, editing: null })}
        onSaved={() => {
          setDialog({ open: false, editing: null });
          void load();
        }}
      />
      <Confirm
        isOpen={pending !== null}
        title={
          pending?.kind === 'reset'
            ? `重置「${pending.row.username}」的密码`
            : `${stopping ? '停用' : '启用'}「${pending?.row.username ?? ''}」`
        }
        content={
          pending?.kind === 'reset'
            ? '新密码将通过短信发送到该账号的手机，其所有登录将失效，确定重置吗？'
            : stopping
              ? '停用后该账号立即退出登录且无法登录，确定停用吗？'
              : '启用后该账号可以重新登录，确定启用吗？'
        }
        confirm="确定"
        cancel="取消"
        onConfirm={() => void act()}
        onClose={() => setPending(null)}
      />
      <Box component="form" aria-label="筛选" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <TextField
          size="small"
          label="用户名"
          value={filters.username}
          onChange={(event) => setFilters({ ...filters, username: event.target.value })}
        />
        <TextField
          size="small"
          label="手机号"
          value={filters.mobile}
          onChange={(event) => setFilters({ ...filters, mobile: event.target.value })}
        />
        <TextField
          size="small"
          select
          label="状态"
          value={filters.status}
          onChange={(event) => setFilters({ ...filters, status: event.target.value })}
          sx={{ minWidth: 120 }}
        >
          <MenuItem value="">全部</MenuItem>
          <MenuItem value="1">启用</MenuItem>
          <MenuItem value="0">停用</MenuItem>
        </TextField>
        <Button
          variant="contained"
          onClick={() => {
            setPage(0);
            setApplied(filters);
          }}
        >
          查询
        </Button>
        <Button onClick={() => setDialog({ open: true, editing: null })}>新增{view.noun}</Button>
      </Box>
      <Table size="small" aria-label={view.title}>
        <TableHead>
          <TableRow>
            <TableCell>用户名</TableCell>
            <TableCell>姓名</TableCell>
            <TableCell>手机号</TableCell>
            <TableCell>角色</TableCell>
            <TableCell>部门</TableCell>
            <TableCell>分公司</TableCell>
            <TableCell>状态</TableCell>
            <TableCell>创建时间</TableCell>
            <TableCell>操作</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id}>
              <TableCell>{row.username}</TableCell>
              <TableCell>{row.displayName}</TableCell>
              <TableCell>{row.mobile}</TableCell>
              <TableCell>{row.roleName}</TableCell>
              <TableCell>{row.departments.map((item) => item.name).join('、') || '—'}</TableCell>
              <TableCell>{row.subsidiaries.map((item) => item.sname).join('、') || '—'}</TableCell>
              <TableCell>{row.status === 1 ? '启用' : '停用'}</TableCell>
              <TableCell>{row.createTime}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <Button size="small" onClick={() => setDialog({ open: true, editing: row })}>
                  编辑
                </Button>
                {!isSelf(row.id) && (
                  <Button size="small" onClick={() => setPending({ kind: 'status', row })}>
                    {row.status === 1 ? '停用' : '启用'}
                  </Button>
                )}
                {mayChangeMobileOf(row.id) && (
                  <Button size="small" onClick={() => setPending({ kind: 'reset', row })}>
                    重置密码
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
          {rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={9} align="center">
                暂无数据
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
      <TablePagination
        component="div"
        count={total}
        page={page}
        rowsPerPage={size}
        rowsPerPageOptions={[10, 50, 100, 200]}
        labelRowsPerPage="每页条数"
        onPageChange={(_, next) => setPage(next)}
        onRowsPerPageChange={(event) => {
          setSize(Number(event.target.value));
          setPage(0);
        }}
      />
    </Box>
  );
}
