import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useEffect, useState } from 'react';
import { request } from '../../../providers/httpClient';
import { getPlatformMark, getSession } from '../../../providers/sessionStore';
import { editionLabel } from '../../domain/editions';
import { PublicFrame } from './PublicFrame';

/** /test: diagnostics for support calls (build version, API reachability, edition, browser). */
export function TestPage() {
  const [api, setApi] = useState('检测中…');
  useEffect(() => {
    const started = performance.now();
    request('/api/v1/system/upgradehtml/status', { silent: true, background: true })
      .then((answer) =>
        setApi(answer.code === 1020000 ? `正常（${Math.round(performance.now() - started)} ms）` : answer.message),
      )
      .catch((error: unknown) => setApi(`无法访问：${(error as Error).message}`));
  }, []);
  const session = getSession();
  const rows: [string, string][] = [
    ['前端版本', __APP_VERSION__],
    ['接口状态', api],
    ['平台版本', editionLabel(getPlatformMark())],
    ['登录状态', session ? `已登录（${session.user.username ?? ''}）` : '未登录'],
    ['浏览器', navigator.userAgent],
  ];
  return (
    <PublicFrame title="系统诊断">
      <Table size="small" aria-label="诊断信息">
        <TableBody>
          {rows.map(([label, value]) => (
            <TableRow key={label}>
              <TableCell component="th" scope="row" sx={{ width: 120 }}>
                {label}
              </TableCell>
              <TableCell>{value}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </PublicFrame>
  );
}
