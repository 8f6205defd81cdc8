import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Title, useCanAccess } from 'react-admin';
import { Link } from 'react-router-dom';
import { requestContent } from '../../../providers/httpClient';
import { choiceName, PLATFORM_MARK_CHOICES, SEAL_CERTIFICATION_TYPE, TEMPLATE_USE_STATUS } from '../../domain/enums';

interface UnboundTemplate {
  id: number;
  nm: string;
  typeName: string | null;
  platformmark: number;
  sealCertificationType: number;
  useStatus: number;
  createTime: string;
}

const ALL = 'all';

/**
 * /adContractTemplate's tab 未绑定主体的模板: GET /api/v1/agreement_template/unbound?q=platformmark: (spec §7), the
 * templates bound to no signing entity, which no enterprise's signing can use until one is chosen (编辑).
 * Hand-built, not a generated list: the spec's call answers every such template at once, unpaged and unsorted, with
 * one filter (版本); the generator's list needs a paged search with declared keys.
 */
export function UnboundTemplates() {
  const [mark, setMark] = useState<string>(ALL);
  const [rows, setRows] = useState<UnboundTemplate[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { canAccess: canEdit } = useCanAccess({ resource: 'adContractTemplate', action: 'edit' });

  useEffect(() => {
    let current = true;
    setRows(null);
    setError(null);
    requestContent<UnboundTemplate[]>('/api/v1/agreement_template/unbound', {
      q: mark === ALL ? {} : { platformmark: mark },
      silent: true,
    }).then(
      (found) => current && setRows(found),
      (failure: Error) => current && setError(failure.message || '未绑定主体的模板读取失败，请稍后再试'),
    );
    return () => {
      current = false;
    };
  }, [mark]);

  return (
    <Box sx={{ mt: 2 }}>
      <Title title="合同模板管理" />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
        <TextField
          select
          size="small"
          label="版本"
          value={mark}
          onChange={(event) => setMark(event.target.value)}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value={ALL}>全部</MenuItem>
          {PLATFORM_MARK_CHOICES.map((choice) => (
            <MenuItem key={choice.id} value={String(choice.id)}>
              {choice.name}
            </MenuItem>
          ))}
        </TextField>
        <Typography variant="body2" color="text.secondary">
          这些模板没有绑定签约主体，签约时不会被使用；在「编辑」中选择签约主体即可绑定。
        </Typography>
      </Box>
      {error && <Alert severity="error">{error}</Alert>}
      {rows && rows.length === 0 && <Alert severity="info">没有未绑定主体的模板</Alert>}
      {rows && rows.length > 0 && (
        <TableContainer>
          <Table size="small" aria-label="未绑定主体的模板">
            <TableHead>
              <TableRow>
                <TableCell>模板编号</TableCell>
                <TableCell>模板名称</TableCell>
                <TableCell>模板类型</TableCell>
                <TableCell>版本</TableCell>
                <TableCell>盖章认证方式</TableCell>
                <TableCell>使用状态</TableCell>
                <TableCell>创建时间</TableCell>
                <TableCell>操作</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.id}>
                  <TableCell>{row.id}</TableCell>
                  <TableCell>{row.nm}</TableCell>
                  <TableCell>{row.typeName ?? ''}</TableCell>
                  <TableCell>{choiceName(PLATFORM_MARK_CHOICES, row.platformmark)}</TableCell>
                  <TableCell>{choiceName(SEAL_CERTIFICATION_TYPE, row.sealCertificationType)}</TableCell>
                  <TableCell>{choiceName(TEMPLATE_USE_STATUS, row.useStatus)}</TableCell>
                  <TableCell>{row.createTime}</TableCell>
                  <TableCell>
                    {canEdit && (
                      <Button size="small" component={Link} to={`/adContractTemplate/${row.id}`}>
                        编辑
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
