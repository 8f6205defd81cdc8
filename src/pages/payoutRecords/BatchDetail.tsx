import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Button, Title, useRequireAccess } from 'react-admin';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import type { ResourceDeclaration } from '../../../resources/types';
import { choiceName } from '../../domain/enums';
import { formatMoney } from '../../domain/money';
import { BATCH, BATCH_INVOICE_STATUS, BATCH_STATUS } from '../../domain/moneyEnums';
import { BatchItems } from './BatchItems';
import { fetchBatch, type PayoutBatch } from './recordsApi';

/** While a batch is being paid its figures change: look again this often. */
const REFRESH_MS = 3000;

const STATUS_COLORS: Record<number, 'info' | 'success' | 'warning' | 'error'> = {
  1: 'info',
  2: 'success',
  3: 'warning',
  4: 'error',
};

function Figure({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body1" component="div">
        {children}
      </Typography>
    </Box>
  );
}

/** One batch (/<route>/:id): its figures and its items; refreshed while it is being paid. */
export function BatchDetail({ declaration }: { declaration: ResourceDeclaration }) {
  // Like the list: without the page's codes, the access-denied page.
  useRequireAccess({ resource: declaration.name, action: 'list' });
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const [batch, setBatch] = useState<PayoutBatch | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const staffView = declaration.fields.some((field) => field.source === 'companyName');

  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = () =>
      fetchBatch(declaration.api.one ?? declaration.api.list, id).then(
        (found) => {
          if (cancelled) return;
          setBatch(found);
          if (found.status === BATCH.processing) {
            timer = setTimeout(() => {
              setVersion((current) => current + 1);
              load();
            }, REFRESH_MS);
          }
        },
        (failure: Error) => !cancelled && setError(failure.message || '打款批次加载失败'),
      );
    load();
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [declaration, id]);

  return (
    <Box sx={{ mt: 2, display: 'grid', gap: 2 }}>
      <Title title={batch ? `打款批次 ${batch.batchNo}` : '打款批次'} />
      <Box>
        <Button label="返回批次列表" onClick={() => navigate(`/${declaration.name}`)}>
          <ArrowBackIcon />
        </Button>
      </Box>
      {error && (
        <Typography role="alert" color="error">
          {error}
        </Typography>
      )}
      {batch && (
        <Card>
          <CardContent>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
              <Typography variant="h6" component="h2">
                批次号 {batch.batchNo}
              </Typography>
              <Chip label={choiceName(BATCH_STATUS, batch.status)} color={STATUS_COLORS[batch.status]} size="small" />
            </Box>
            <Box
              sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))', gap: 2 }}
              aria-label="批次概况"
            >
              {staffView && <Figure label="企业名称">{batch.companyName}</Figure>}
              <Figure label="提交时间">{batch.createTime}</Figure>
              <Figure label="完成时间">{batch.finishTime ?? '—'}</Figure>
              <Figure label="笔数">{batch.itemCount}</Figure>
              <Figure label="打款金额（元）">{formatMoney(batch.totalAmount)}</Figure>
              <Figure label="服务费（元）">{formatMoney(batch.serviceCharge)}</Figure>
              <Figure label="成功">
                {batch.successCount} 笔 / {formatMoney(batch.successAmount)} 元
              </Figure>
              <Figure label="失败">
                {batch.failedCount} 笔 / {formatMoney(batch.failedAmount)} 元
              </Figure>
              <Figure label="开票状态">{choiceName(BATCH_INVOICE_STATUS, batch.invoiceStatus)}</Figure>
              {batch.remark && <Figure label="备注">{batch.remark}</Figure>}
            </Box>
            {batch.failedCount > 0 && !staffView && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
                失败的款项（金额和服务费）已退回账户余额，可在
                <Link component={RouterLink} to="/errorMoney">
                  异常资金
                </Link>
                中重新打款或留存余额。
              </Typography>
            )}
          </CardContent>
        </Card>
      )}
      {batch && <BatchItems batch={batch} version={version} />}
    </Box>
  );
}
