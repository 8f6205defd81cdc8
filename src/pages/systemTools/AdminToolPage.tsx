// Hand-built, not a generated list: a toolbox of repair actions (resubmit stuck payouts, resend an SMS, check
// and rebuild the ledger rollups); each table is the short answer of one check, not a list to filter and page.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, type ReactNode, useCallback, useEffect, useState } from 'react';
import { Title } from 'react-admin';
import { request } from '../../../providers/httpClient';
import { PLATFORM_MARK_CHOICES } from '../../domain/enums';
import { formatMoney } from '../../domain/money';
import { useUrlState } from '../../shell/useUrlState';

interface StuckItem {
  id: number;
  batchNo: string;
  companyName: string;
  name: string;
  bankCard: string;
  amount: number;
  createTime: string;
}

interface SmsRow {
  id: number;
  mobile: string;
  typeName: string;
  template: string;
  statusName: string;
  reason: string | null;
  createTime: string;
  resendable: boolean;
}

interface Discrepancy {
  companyId: number;
  companyName: string;
  platformMark: number;
  balance: number;
  entrySum: number;
  difference: number;
}

interface RollupTotals {
  rows: number;
  entries: number;
  net: number;
  /** 已开票金额 summed over the table's rows. */
  invoiced: number;
}

interface RebuildSummary {
  rebuildTime: string;
  durationMs: number;
  ledger: { entries: number; net: number };
  tables: { key: string; table: string; before: RollupTotals; after: RollupTotals }[];
  changed: string[];
  consistent: boolean;
}

const ROLLUP_NAMES: Readonly<Record<string, string>> = {
  companyDay: '企业日汇总',
  companyMonth: '企业月汇总',
  groupDay: '部门/分公司日汇总',
};

type Outcome = { severity: 'success' | 'error' | 'info'; text: string } | null;

/** One call to the API: the envelope's message as the outcome, the content when it succeeded. */
async function call<T>(path: string, method: 'GET' | 'POST' = 'GET', query?: Record<string, string>) {
  const answer = await request<T>(path, { method, query, json: method === 'POST' ? {} : undefined, silent: true });
  return { ok: answer.code === 1020000, message: answer.message, content: answer.content };
}

function Section({ title, hint, children }: { title: string; hint: string; children: ReactNode }) {
  return (
    <Card component="section" aria-label={title}>
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {hint}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** Asks before an action that changes data; the operator sees what it will do. */
function ConfirmButton({ label, question, onConfirm }: { label: string; question: string; onConfirm: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="confirm-title">
        <DialogTitle id="confirm-title">{label}</DialogTitle>
        <DialogContent>{question}</DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>取消</Button>
          <Button
            variant="contained"
            onClick={() => {
              setOpen(false);
              onConfirm();
            }}
          >
            确定
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

function StuckPayouts() {
  const [items, setItems] = useState<StuckItem[] | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const load = useCallback(async () => {
    const answer = await call<StuckItem[]>('/api/v1/systemtools/payouts/stuck');
    if (answer.ok) setItems(answer.content);
    else setOutcome({ severity: 'error', text: answer.message });
  }, []);
  useEffect(() => {
    load().catch(() => setOutcome({ severity: 'error', text: '加载失败，请稍后再试' }));
  }, [load]);
  const rerun = async (item: StuckItem) => {
    const answer = await call(`/api/v1/systemtools/payouts/${item.id}/rerun`, 'POST');
    setOutcome({ severity: answer.ok ? 'success' : 'error', text: answer.message });
    await load();
  };
  return (
    <Section
      title="卡住的打款"
      hint="提交超过 10 分钟仍在处理中的打款明细。重新处理会以明细编号向打款通道再发一次（通道按编号只付一次），失败的金额与服务费退回余额。"
    >
      {outcome && <Alert severity={outcome.severity}>{outcome.text}</Alert>}
      {items?.length === 0 && <Typography>没有卡住的打款。</Typography>}
      {items && items.length > 0 && (
        <Table size="small" aria-label="卡住的打款">
          <TableHead>
            <TableRow>
              <TableCell>明细编号</TableCell>
              <TableCell>批次号</TableCell>
              <TableCell>企业</TableCell>
              <TableCell>收款人</TableCell>
              <TableCell>银行卡</TableCell>
              <TableCell align="right">金额（元）</TableCell>
              <TableCell>提交时间</TableCell>
              <TableCell>操作</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((item) => (
              <TableRow key={item.id}>
                <TableCell>{item.id}</TableCell>
                <TableCell>{item.batchNo}</TableCell>
                <TableCell>{item.companyName}</TableCell>
                <TableCell>{item.name}</TableCell>
                <TableCell>{item.bankCard}</TableCell>
                <TableCell align="right">{formatMoney(item.amount)}</TableCell>
                <TableCell>{item.createTime}</TableCell>
                <TableCell>
                  <ConfirmButton
                    label="重新处理"
                    question={`确定把明细 ${item.id}（${item.name}，${formatMoney(item.amount)} 元）重新发往打款通道吗？`}
                    onConfirm={() => rerun(item)}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Section>
  );
}

/** The mobile searched, kept in the address (?mobile=): a reload or a shared link shows the same records. */
const SMS_VIEW = { mobile: '' };
const acceptSmsView = (_key: string, value: string) => /^\d{0,11}$/.test(value);

function SmsResend() {
  const [view, setView] = useUrlState(SMS_VIEW, acceptSmsView);
  const [mobile, setMobile] = useState(view.mobile);
  const [rows, setRows] = useState<SmsRow[] | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const load = useCallback(async (searched: string) => {
    const answer = await call<SmsRow[]>('/api/v1/systemtools/sms', 'GET', { mobile: searched });
    if (answer.ok) {
      setRows(answer.content);
      setOutcome(null);
    } else setOutcome({ severity: 'error', text: answer.message });
  }, []);
  // The address's mobile is the one searched: on opening the page, and again when 查询 names it.
  useEffect(() => {
    setMobile(view.mobile);
    if (view.mobile) void load(view.mobile);
    else setRows(null);
  }, [view.mobile, load]);
  const search = async (event?: FormEvent) => {
    event?.preventDefault();
    const searched = mobile.trim();
    // The same mobile again does not move the address, and one the address does not hold is the server's to
    // refuse in its words: both are read here.
    if (searched === view.mobile || !acceptSmsView('mobile', searched)) await load(searched);
    else setView({ mobile: searched });
  };
  const resend = async (row: SmsRow) => {
    const answer = await call(`/api/v1/systemtools/sms/${row.id}/resend`, 'POST');
    setOutcome({ severity: answer.ok ? 'success' : 'error', text: answer.message });
    if (answer.ok) await load(view.mobile);
  };
  return (
    <Section
      title="重发短信"
      hint="按完整手机号查最近 20 条短信。验证码短信可重发：发送一条同类型的新验证码（受发送频率限制）；新密码通知不能重发。"
    >
      <Box component="form" onSubmit={search} sx={{ display: 'flex', gap: 1 }}>
        <TextField size="small" label="手机号" value={mobile} onChange={(event) => setMobile(event.target.value)} />
        <Button type="submit" variant="outlined">
          查询
        </Button>
      </Box>
      {outcome && <Alert severity={outcome.severity}>{outcome.text}</Alert>}
      {rows?.length === 0 && <Typography>该手机号没有短信记录。</Typography>}
      {rows && rows.length > 0 && (
        <Table size="small" aria-label="短信记录">
          <TableHead>
            <TableRow>
              <TableCell>手机号</TableCell>
              <TableCell>类型</TableCell>
              <TableCell>内容（已脱敏）</TableCell>
              <TableCell>状态</TableCell>
              <TableCell>发送时间</TableCell>
              <TableCell>操作</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id}>
                <TableCell>{row.mobile}</TableCell>
                <TableCell>{row.typeName}</TableCell>
                <TableCell>{row.template}</TableCell>
                <TableCell>
                  {row.statusName}
                  {row.reason ? `：${row.reason}` : ''}
                </TableCell>
                <TableCell>{row.createTime}</TableCell>
                <TableCell>
                  {row.resendable ? (
                    <ConfirmButton
                      label="重发"
                      question={`确定向 ${row.mobile} 重新发送一条${row.typeName}吗？`}
                      onConfirm={() => resend(row)}
                    />
                  ) : (
                    '—'
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Section>
  );
}

function LedgerCheck() {
  const [result, setResult] = useState<{
    checkedAccounts: number;
    checkTime: string;
    discrepancies: Discrepancy[];
  } | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);
  const check = async () => {
    setBusy(true);
    try {
      const answer = await call<NonNullable<typeof result>>('/api/v1/systemtools/ledger/check', 'POST');
      setOutcome({
        severity: answer.ok && answer.content.discrepancies.length === 0 ? 'success' : 'error',
        text: answer.message,
      });
      if (answer.ok) setResult(answer.content);
    } finally {
      setBusy(false);
    }
  };
  const edition = (mark: number) => PLATFORM_MARK_CHOICES.find((choice) => choice.id === mark)?.name ?? String(mark);
  return (
    <Section
      title="账本核对"
      hint="逐个账户核对：余额应等于全部流水之和且不为负。只读取，不修改任何数据；每次核对记入操作日志。"
    >
      <Box>
        <Button variant="contained" disabled={busy} onClick={check}>
          {busy ? '正在核对…' : '开始核对'}
        </Button>
      </Box>
      {outcome && <Alert severity={outcome.severity}>{outcome.text}</Alert>}
      {result && (
        <Typography variant="body2" color="text.secondary">
          核对时间 {result.checkTime}，共 {result.checkedAccounts} 个账户
        </Typography>
      )}
      {result && result.discrepancies.length > 0 && (
        <Table size="small" aria-label="不一致的账户">
          <TableHead>
            <TableRow>
              <TableCell>企业</TableCell>
              <TableCell>版本</TableCell>
              <TableCell align="right">账户余额（元）</TableCell>
              <TableCell align="right">流水合计（元）</TableCell>
              <TableCell align="right">差额（元）</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {result.discrepancies.map((row) => (
              <TableRow key={`${row.companyId}-${row.platformMark}`}>
                <TableCell>
                  {row.companyName}（{row.companyId}）
                </TableCell>
                <TableCell>{edition(row.platformMark)}</TableCell>
                <TableCell align="right">{formatMoney(row.balance)}</TableCell>
                <TableCell align="right">{formatMoney(row.entrySum)}</TableCell>
                <TableCell align="right">{formatMoney(row.difference)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Section>
  );
}

function StatisticsRebuild() {
  const [result, setResult] = useState<RebuildSummary | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);
  const rebuild = async () => {
    setBusy(true);
    try {
      const answer = await call<RebuildSummary>('/api/v1/systemtools/statistics/rebuild', 'POST');
      setOutcome({ severity: answer.ok && answer.content.consistent ? 'success' : 'error', text: answer.message });
      if (answer.ok) setResult(answer.content);
    } finally {
      setBusy(false);
    }
  };
  const cell = (totals: RollupTotals) =>
    `${totals.rows} 行 / ${totals.entries} 笔 / ${formatMoney(totals.net)} 元 / 已开票 ${formatMoney(totals.invoiced)} 元`;
  return (
    <Section
      title="重建统计汇总"
      hint="按账本流水（及打款批次的已开票发票）重新计算统计报表所用的汇总（企业日、企业月、部门/分公司日），修正与账本不一致的汇总；业绩按企业当前的部门和分公司归属。报表数据与账本对不上时使用，每次重建记入操作日志。"
    >
      <Box>
        {busy ? (
          <Button variant="contained" disabled>
            正在重建…
          </Button>
        ) : (
          <ConfirmButton
            label="重建统计汇总"
            question="将删除全部统计汇总并按账本流水重新计算，期间统计报表可能短暂变化。确定重建吗？"
            onConfirm={rebuild}
          />
        )}
      </Box>
      {outcome && <Alert severity={outcome.severity}>{outcome.text}</Alert>}
      {result && (
        <>
          <Typography variant="body2" color="text.secondary">
            重建时间 {result.rebuildTime}，用时 {result.durationMs} 毫秒；账本共 {result.ledger.entries} 笔流水，合计{' '}
            {formatMoney(result.ledger.net)} 元
          </Typography>
          <Table size="small" aria-label="重建结果">
            <TableHead>
              <TableRow>
                <TableCell>汇总表</TableCell>
                <TableCell>重建前（行数 / 流水笔数 / 金额合计）</TableCell>
                <TableCell>重建后</TableCell>
                <TableCell>结果</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {result.tables.map((row) => (
                <TableRow key={row.key}>
                  <TableCell>{ROLLUP_NAMES[row.key] ?? row.table}</TableCell>
                  <TableCell>{cell(row.before)}</TableCell>
                  <TableCell>{cell(row.after)}</TableCell>
                  <TableCell>{result.changed.includes(row.key) ? '已修正' : '无变化'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      )}
    </Section>
  );
}

/**
 * /adAdminTool 系统工具: check the ledger, rebuild the statistics rollups from it, re-run stuck payouts, resend
 * an SMS; each action is in the operation log.
 */
export function AdminToolPage() {
  return (
    <Box sx={{ display: 'grid', gap: 2, p: 2 }}>
      <Title title="系统工具" />
      <LedgerCheck />
      <StatisticsRebuild />
      <StuckPayouts />
      <SmsResend />
    </Box>
  );
}
