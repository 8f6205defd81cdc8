import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { MSG, validateSwitchPassword } from '../domain/validation';
import { findCompaniesByMobile, SWITCH_PAGE_SIZES, type SwitchableCompany, switchCompany } from './companySwitch';

/** After a switch the whole app restarts on the new session's home (menus and permissions change). */
function reloadTo(path: string) {
  window.location.assign(path);
}

/** Company-switch screen (spec §2): name search, table, pagination 10/50/100/200, password dialog. */
export function CompanySwitchView({ currentCompanyId }: { currentCompanyId: number | null }) {
  const [name, setName] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [size, setSize] = useState<number>(SWITCH_PAGE_SIZES[0]);
  const [rows, setRows] = useState<SwitchableCompany[]>([]);
  const [total, setTotal] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [target, setTarget] = useState<SwitchableCompany | null>(null);

  const load = useCallback(() => {
    setError(null);
    findCompaniesByMobile(search, page, size).then(
      (answer) => {
        setRows(answer.content);
        setTotal(answer.totalElements);
      },
      (failure: Error) => setError(failure.message),
    );
  }, [search, page, size]);
  useEffect(load, [load]);

  return (
    <Box>
      <Box
        component="form"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          setPage(0);
          setSearch(name);
        }}
        sx={{ display: 'flex', gap: 1, mb: 2 }}
      >
        <TextField size="small" label="公司名称" value={name} onChange={(event) => setName(event.target.value)} />
        <Button type="submit" variant="contained">
          搜索
        </Button>
      </Box>
      {error && <Typography color="error">{error}</Typography>}
      <Table size="small" aria-label="可切换的公司">
        <TableHead>
          <TableRow>
            <TableCell>公司名称</TableCell>
            <TableCell>账号编号</TableCell>
            <TableCell>公司编号</TableCell>
            <TableCell>用户名</TableCell>
            <TableCell>操作</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.accountId}>
              <TableCell>{row.companyName}</TableCell>
              <TableCell>{row.accountId}</TableCell>
              <TableCell>{row.companyId}</TableCell>
              <TableCell>{row.username}</TableCell>
              <TableCell>
                {row.companyId === currentCompanyId ? (
                  <Typography variant="body2" color="text.secondary">
                    当前公司
                  </Typography>
                ) : (
                  <Button size="small" aria-label={`切换到${row.companyName}`} onClick={() => setTarget(row)}>
                    切换
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
          {rows.length === 0 && !error && (
            <TableRow>
              <TableCell colSpan={5} align="center">
                暂无可切换的公司
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
        rowsPerPageOptions={[...SWITCH_PAGE_SIZES]}
        onPageChange={(_, next) => setPage(next)}
        onRowsPerPageChange={(event) => {
          setSize(Number(event.target.value));
          setPage(0);
        }}
      />
      {target && <SwitchPasswordDialog target={target} onClose={() => setTarget(null)} />}
    </Box>
  );
}

function SwitchPasswordDialog({ target, onClose }: { target: SwitchableCompany; onClose: () => void }) {
  const [password, setPassword] = useState('');
  const [message, setMessage] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = validateSwitchPassword(password);
    setMessage(invalid);
    if (invalid) return;
    setBusy(true);
    try {
      reloadTo(await switchCompany(target.username, password));
    } catch (failure) {
      setMessage((failure as Error).message);
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="switch-password-title">
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id="switch-password-title">切换到{target.companyName}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            type="password"
            label="登录密码"
            placeholder={MSG.switchPassword}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={!!message}
            helperText={message ?? ' '}
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>取消</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            确定
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** The switch screen in a dialog, opened from the header's hover card. */
export function CompanySwitchDialog({
  currentCompanyId,
  onClose,
}: {
  currentCompanyId: number | null;
  onClose: () => void;
}) {
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="company-switch-title">
      <DialogTitle id="company-switch-title">切换公司</DialogTitle>
      <DialogContent dividers>
        <CompanySwitchView currentCompanyId={currentCompanyId} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>关闭</Button>
      </DialogActions>
    </Dialog>
  );
}
