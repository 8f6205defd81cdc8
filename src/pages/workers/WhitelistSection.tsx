import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { requestContent } from '../../../providers/httpClient';
import { showToast } from '../../shell/toast';

interface WhitelistRow {
  id: number;
  name: string;
  idMasked: string;
  remark: string | null;
  operator: string | null;
  createTime: string;
}

const PATH = '/api/v1/company/employee/whitelist';

/**
 * 打款白名单 on /signUser: payees the company may pay without a signed agreement
 * (GET/POST/DELETE /api/v1/company/employee/whitelist, server/workers/workers.routes.ts).
 */
export function WhitelistSection() {
  const [rows, setRows] = useState<WhitelistRow[]>([]);
  const [total, setTotal] = useState(0);
  const [name, setName] = useState('');
  const [idCard, setIdCard] = useState('');
  const [remark, setRemark] = useState('');
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      const page = await requestContent<{ content: WhitelistRow[]; totalElements: number }>(PATH, {
        query: { page: 0, size: 200 },
      });
      setRows(page.content);
      setTotal(page.totalElements);
    } catch {
      // shown by the request layer
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await requestContent(PATH, { method: 'POST', json: { name: name.trim(), idCard: idCard.trim(), remark } });
      showToast('已加入白名单', 'success');
      setName('');
      setIdCard('');
      setRemark('');
      await load();
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false);
    }
  };
  const remove = async (row: WhitelistRow) => {
    try {
      await requestContent(`${PATH}/${row.id}`, { method: 'DELETE' });
      showToast('已移出白名单', 'success');
      await load();
    } catch {
      // shown by the request layer
    }
  };

  return (
    <Card component="section" aria-label="打款白名单">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          打款白名单（{total} 人）
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          白名单中的人员未签署自由职业者协议也可以打款。
        </Typography>
        <Box component="form" onSubmit={add} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}>
          <TextField label="姓名" size="small" required value={name} onChange={(e) => setName(e.target.value)} />
          <TextField
            label="身份证号"
            size="small"
            required
            value={idCard}
            onChange={(e) => setIdCard(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 18 } }}
          />
          <TextField label="备注" size="small" value={remark} onChange={(e) => setRemark(e.target.value)} />
          <Button type="submit" variant="contained" disabled={busy || !name.trim() || !idCard.trim()}>
            加入白名单
          </Button>
        </Box>
        <Table size="small" aria-label="白名单人员">
          <TableHead>
            <TableRow>
              <TableCell>姓名</TableCell>
              <TableCell>身份证号</TableCell>
              <TableCell>备注</TableCell>
              <TableCell>操作人</TableCell>
              <TableCell>加入时间</TableCell>
              <TableCell>操作</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={6}>暂无白名单人员</TableCell>
              </TableRow>
            )}
            {rows.map((row) => (
              <TableRow key={row.id}>
                <TableCell>{row.name}</TableCell>
                <TableCell>{row.idMasked}</TableCell>
                <TableCell>{row.remark ?? ''}</TableCell>
                <TableCell>{row.operator ?? ''}</TableCell>
                <TableCell>{row.createTime}</TableCell>
                <TableCell>
                  <Button size="small" color="error" onClick={() => void remove(row)}>
                    移出
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
