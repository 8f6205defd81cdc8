// Hand-built, not a generated list: a dashboard (figures by status and the latest few tasks); the full, filtered
// list of tasks is the generated /adTaskSummary.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Title } from 'react-admin';
import { formatMoney } from '../../domain/money';
import { TASK_STATUS_CHOICES } from '../../domain/tasks';
import { PageLoading } from '../../shell/PageLoading';
import { type TaskOverview, taskOverview } from './tasksApi';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h5" component="p" aria-label={label}>
          {value}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** /adTaskOverview 任务概览: tasks of the companies in the user's scope, by status, with amounts and the latest tasks. */
export function TaskOverviewPage() {
  const [overview, setOverview] = useState<TaskOverview | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    taskOverview()
      .then(setOverview)
      .catch((failure: Error) => setError(failure.message));
  }, []);
  if (error)
    return (
      <Alert severity="error" sx={{ mt: 2 }}>
        {error}
      </Alert>
    );
  if (!overview) return <PageLoading />;
  const statusName = (status: number) => TASK_STATUS_CHOICES.find((choice) => choice.id === status)?.name ?? '';
  return (
    <Box sx={{ mt: 2, display: 'grid', gap: 2 }}>
      <Title title="任务概览" />
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))', gap: 2 }}>
        <Figure label="任务总数" value={`${overview.taskCount} 个`} />
        {overview.statusCounts.map((row) => (
          <Figure key={row.status} label={row.name} value={`${row.count} 个`} />
        ))}
        <Figure label="参与人数" value={`${overview.workerCount} 人`} />
        <Figure label="结算金额（含待打款）" value={`${formatMoney(overview.settledAmount)} 元`} />
        <Figure label="已到账金额" value={`${formatMoney(overview.paidAmount)} 元`} />
        <Figure label="已到账笔数" value={`${overview.paidCount} 笔`} />
      </Box>
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            最近任务
          </Typography>
          <Table size="small" aria-label="最近任务">
            <TableHead>
              <TableRow>
                <TableCell>任务编号</TableCell>
                <TableCell>任务名称</TableCell>
                <TableCell>企业名称</TableCell>
                <TableCell>状态</TableCell>
                <TableCell align="right">已分配 / 需要</TableCell>
                <TableCell>周期</TableCell>
                <TableCell>创建时间</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {overview.recent.length === 0 && (
                <TableRow>
                  <TableCell colSpan={7}>暂无任务</TableCell>
                </TableRow>
              )}
              {overview.recent.map((task) => (
                <TableRow key={task.id}>
                  <TableCell>{task.taskNo}</TableCell>
                  <TableCell>{task.title}</TableCell>
                  <TableCell>{task.companyName ?? ''}</TableCell>
                  <TableCell>{statusName(task.status)}</TableCell>
                  <TableCell align="right">
                    {task.assignedCount} / {task.headcount}
                  </TableCell>
                  <TableCell>
                    {task.startDate} 至 {task.endDate}
                  </TableCell>
                  <TableCell>{task.createTime}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
    </Box>
  );
}
