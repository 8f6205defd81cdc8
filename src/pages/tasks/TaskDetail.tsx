// Hand-built, not a generated list: the detail panel under a task's row (the task, its assigned workers with
// assign / remove while open, its settlement), inside the generated task list.
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { Confirm, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useSearchOptions } from '../../components/useSearchOptions';
import { formatMoney } from '../../domain/money';
import { TASK_PRICING, TASK_PRICING_CHOICES, TASK_STATUS } from '../../domain/tasks';
import { SIGN_STATUS_CHOICES } from '../../domain/workers';
import { TaskFormDialog, type TaskRecord } from './TaskFormDialog';
import {
  assignWorkers,
  removeWorker,
  searchCandidates,
  settleTask,
  type TaskMember,
  taskMembers,
  type WorkerOption,
} from './tasksApi';

const nameOf = (choices: readonly { id: number; name: string }[], id: unknown) =>
  choices.find((choice) => choice.id === Number(id))?.name ?? '';

function WorkerPicker({
  taskId,
  value,
  onChange,
}: {
  taskId: number;
  value: WorkerOption[];
  onChange: (value: WorkerOption[]) => void;
}) {
  const [input, setInput] = useState('');
  const options = useSearchOptions((text) => searchCandidates(taskId, text), input, taskId);
  return (
    <Autocomplete
      multiple
      options={options}
      value={value}
      filterOptions={(items) => items}
      getOptionLabel={(option) => `${option.name}（${option.idMasked}）`}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      onInputChange={(_, next, reason) => reason !== 'reset' && setInput(next)}
      onChange={(_, next) => onChange(next)}
      noOptionsText="没有可分配的已签署人员"
      sx={{ minWidth: 360, flex: 1 }}
      renderInput={(params) => (
        <TextField {...params} size="small" label="选择已签署人员" placeholder="输入姓名或手机号搜索" />
      )}
    />
  );
}

/**
 * Where a settled task's payment stands, as its status says (src/domain/tasks.ts): 待打款 with its draft to open on
 * /remit and when it expires, or expired with 重新结算; 打款中, 已结算 or 打款失败 with its batch.
 */
function Settlement({ record, onChanged }: { record: Record<string, unknown>; onChanged: () => void }) {
  const notify = useNotify();
  const [confirming, setConfirming] = useState(false);
  const status = Number(record.status);
  const batch = record.batchNo ? String(record.batchNo) : '';
  const summary = (
    <Link component={RouterLink} to="/taskSummary" sx={{ mx: 0.5 }}>
      任务汇总
    </Link>
  );
  if (status === TASK_STATUS.paying) {
    return (
      <Alert severity="info">
        打款中：已提交打款，批次号 {batch}，每人到账情况见{summary}。
      </Alert>
    );
  }
  if (status === TASK_STATUS.settled) {
    return (
      <Alert severity="success">
        已结算：全部到账，批次号 {batch}，明细见{summary}。
      </Alert>
    );
  }
  if (status === TASK_STATUS.payFailed) {
    return (
      <Alert severity="error">
        打款失败：批次号 {batch} 中有款项未到账，失败的金额（含服务费）已退回余额，可在
        <Link component={RouterLink} to="/errorMoney" sx={{ mx: 0.5 }}>
          异常资金
        </Link>
        更正银行卡后重新打款；每人情况见{summary}。
      </Alert>
    );
  }
  if (status !== TASK_STATUS.awaitingPayment) return null;
  const again = async () => {
    setConfirming(false);
    try {
      await settleTask(Number(record.id));
      notify('已重新生成打款草稿', { type: 'success' });
      onChanged();
    } catch (error) {
      notify(error instanceof Error ? error.message : '结算失败', { type: 'error' });
    }
  };
  if (Number(record.draftExpired) === 1) {
    return (
      <Alert
        severity="warning"
        action={
          <Button size="small" variant="contained" onClick={() => setConfirming(true)}>
            重新结算
          </Button>
        }
      >
        待打款：打款草稿{record.draftExpireTime ? `已于 ${String(record.draftExpireTime)} 过期` : '已失效'}
        ，未扣款。请重新结算，按当前人员和金额生成新的草稿后再提交。
        <Confirm
          isOpen={confirming}
          title="重新结算"
          content="按当前人员和金额重新生成打款草稿（24小时内有效）。确定吗？"
          onConfirm={() => void again()}
          onClose={() => setConfirming(false)}
        />
      </Alert>
    );
  }
  return (
    <Alert
      severity="info"
      action={
        <Button component={RouterLink} to={`/remit?draft=${String(record.draftId)}`} variant="contained" size="small">
          去打款
        </Button>
      }
    >
      待打款：已生成打款草稿，请在 {String(record.draftExpireTime ?? '')} 前到
      <Link component={RouterLink} to="/remit" sx={{ mx: 0.5 }}>
        批量打款
      </Link>
      核对金额并用支付密码提交；过期后可重新结算。
    </Alert>
  );
}

/** A task's details under its row: the task, its workers (assign / remove while open) and its settlement. */
export function TaskDetail() {
  const record = useRecordContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const [members, setMembers] = useState<TaskMember[] | null>(null);
  const [chosen, setChosen] = useState<WorkerOption[]>([]);
  const [error, setError] = useState('');
  const [removing, setRemoving] = useState<TaskMember | null>(null);
  const [editing, setEditing] = useState(false);
  const id = Number(record?.id);
  const status = Number(record?.status);
  const open = status === TASK_STATUS.draft || status === TASK_STATUS.published;

  const load = useCallback(() => {
    taskMembers(id)
      .then(setMembers)
      .catch((failure: Error) => setError(failure.message));
  }, [id]);
  // Reloaded when the row's status or draft changes too (结算 is a row action): amounts are fixed at settlement.
  const rowVersion = `${status}:${String(record?.draftId ?? '')}`;
  useEffect(() => {
    if (rowVersion) load();
  }, [load, rowVersion]);

  if (!record) return null;
  const changed = () => {
    load();
    refresh();
  };
  const assign = async () => {
    setError('');
    try {
      const answer = await assignWorkers(
        id,
        chosen.map((worker) => worker.id),
      );
      notify(`已分配 ${answer.added} 人`, { type: 'success' });
      setChosen([]);
      changed();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : '分配失败');
    }
  };
  const remove = async (member: TaskMember) => {
    setRemoving(null);
    try {
      await removeWorker(id, member.workerId);
      notify('已移除', { type: 'success' });
      changed();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : '移除失败');
    }
  };
  const pricing = Number(record.pricing);
  const price =
    pricing === TASK_PRICING.unit
      ? `${formatMoney(record.unitPrice as number)} 元/人`
      : `${formatMoney(record.totalAmount as number)} 元（按人平均）`;

  return (
    <Box sx={{ p: 2, display: 'grid', gap: 1.5 }} aria-label="任务详情">
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: 1 }}>
        <Typography variant="body2">任务编号：{String(record.taskNo)}</Typography>
        <Typography variant="body2">行业：{String(record.industryName ?? '')}</Typography>
        <Typography variant="body2">
          {nameOf(TASK_PRICING_CHOICES, pricing)}：{price}
        </Typography>
        <Typography variant="body2">
          周期：{String(record.startDate)} 至 {String(record.endDate)}
        </Typography>
        <Typography variant="body2">
          人数：已分配 {String(record.assignedCount)} / 需要 {String(record.headcount)}
        </Typography>
        <Typography variant="body2">创建人：{String(record.createUser ?? '')}</Typography>
        {record.cancelReason ? <Typography variant="body2">取消原因：{String(record.cancelReason)}</Typography> : null}
      </Box>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
        {String(record.description ?? '')}
      </Typography>
      {status === TASK_STATUS.draft && (
        <Box>
          <Button variant="outlined" size="small" onClick={() => setEditing(true)}>
            编辑任务
          </Button>
        </Box>
      )}
      <Settlement record={record} onChanged={changed} />
      {open && (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <WorkerPicker taskId={id} value={chosen} onChange={setChosen} />
          <Button variant="contained" disabled={chosen.length === 0} onClick={() => void assign()}>
            分配人员
          </Button>
        </Box>
      )}
      {error && <Alert severity="error">{error}</Alert>}
      <Table size="small" aria-label="已分配人员">
        <TableHead>
          <TableRow>
            <TableCell>姓名</TableCell>
            <TableCell>身份证号</TableCell>
            <TableCell>手机号</TableCell>
            <TableCell>签约状态</TableCell>
            <TableCell align="right">结算金额（元）</TableCell>
            <TableCell>分配时间</TableCell>
            {open && <TableCell>操作</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {members?.length === 0 && (
            <TableRow>
              <TableCell colSpan={7}>尚未分配人员</TableCell>
            </TableRow>
          )}
          {members?.map((member) => (
            <TableRow key={member.id}>
              <TableCell>{member.name}</TableCell>
              <TableCell>{member.idMasked}</TableCell>
              <TableCell>{member.mobile}</TableCell>
              <TableCell>{nameOf(SIGN_STATUS_CHOICES, member.signStatus)}</TableCell>
              <TableCell align="right">{record.draftId ? formatMoney(member.amount) : '结算时计算'}</TableCell>
              <TableCell>{member.createTime}</TableCell>
              {open && (
                <TableCell>
                  <Button size="small" color="error" onClick={() => setRemoving(member)}>
                    移除
                  </Button>
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Confirm
        isOpen={removing !== null}
        title={`移除「${removing?.name ?? ''}」`}
        content="确定把该人员移出此任务吗？"
        onConfirm={() => removing && void remove(removing)}
        onClose={() => setRemoving(null)}
      />
      {editing && (
        <TaskFormDialog
          task={record as unknown as TaskRecord}
          onClose={() => setEditing(false)}
          onSaved={(message) => {
            setEditing(false);
            notify(message, { type: 'success' });
            refresh();
          }}
        />
      )}
    </Box>
  );
}
