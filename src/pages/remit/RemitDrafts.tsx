import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { formatMoney } from '../../domain/money';
import { listWaitingDrafts, type WaitingDraft } from './remitApi';

/** /taskRelease filtered to the task (its filters live in the URL). */
function taskLink(taskNo: string | null): string {
  return taskNo ? `/taskRelease?filter=${encodeURIComponent(JSON.stringify({ taskNo }))}` : '/taskRelease';
}

/**
 * 待提交的打款草稿: the drafts waiting for submission, from tasks' settlements (结算 on /taskRelease) and from
 * uploads alike, each saying when it expires; an expired one says what to do instead (settle the task again,
 * upload the file again). 继续提交 opens one as /remit?draft=<id>. `reload` changes after a submission.
 */
export function RemitDrafts({ reload, currentId }: { reload: number; currentId: number | null }) {
  const [drafts, setDrafts] = useState<WaitingDraft[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void reload;
    listWaitingDrafts()
      .then((rows) => live && setDrafts(rows))
      .catch((error: Error) => live && setFailed(error.message));
    return () => {
      live = false;
    };
  }, [reload]);
  if (failed) {
    return (
      <Typography color="error" variant="body2">
        待提交的打款草稿读取失败：{failed}
      </Typography>
    );
  }
  if (!drafts || drafts.length === 0) return null;
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          待提交的打款草稿（{drafts.filter((draft) => !draft.expired).length} 份）
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          任务结算和上传校验通过的文件都在这里，核对后用支付密码提交；每份草稿在有效期内可提交，过期后任务请重新结算、文件请重新上传。
        </Typography>
        <TableContainer sx={{ maxHeight: 360 }}>
          <Table size="small" stickyHeader aria-label="待提交的打款草稿">
            <TableHead>
              <TableRow>
                <TableCell>来源</TableCell>
                <TableCell>名称</TableCell>
                <TableCell align="right">笔数</TableCell>
                <TableCell align="right">打款金额（元）</TableCell>
                <TableCell align="right">服务费（元）</TableCell>
                <TableCell>生成时间</TableCell>
                <TableCell>有效期至</TableCell>
                <TableCell>操作</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {drafts.map((draft) => (
                <TableRow key={draft.id} selected={draft.id === currentId}>
                  <TableCell>{draft.taskId === null ? '上传文件' : '任务结算'}</TableCell>
                  <TableCell>{draft.fileName}</TableCell>
                  <TableCell align="right">{draft.itemCount}</TableCell>
                  <TableCell align="right">{formatMoney(draft.totalAmount)}</TableCell>
                  <TableCell align="right">{formatMoney(draft.serviceCharge)}</TableCell>
                  <TableCell>{draft.createTime}</TableCell>
                  <TableCell>
                    {draft.expired ? (
                      <Chip size="small" color="default" label={`已于 ${draft.expireTime} 过期`} />
                    ) : (
                      draft.expireTime
                    )}
                  </TableCell>
                  <TableCell>
                    {draft.expired ? (
                      draft.taskId === null ? (
                        '请重新上传文件'
                      ) : (
                        <Link component={RouterLink} to={taskLink(draft.taskNo)}>
                          到任务发布重新结算
                        </Link>
                      )
                    ) : (
                      <Button
                        size="small"
                        variant="outlined"
                        component={RouterLink}
                        to={`/remit?draft=${draft.id}`}
                        aria-label={`继续提交「${draft.fileName}」`}
                      >
                        继续提交
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </CardContent>
    </Card>
  );
}
