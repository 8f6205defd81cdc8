import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useEffect, useLayoutEffect, useState } from 'react';
import { Title } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { ApiError } from '../../../providers/httpClient';
import { endFirstPaint } from '../../boot/handoff';
import { isSmallScale } from '../../domain/editions';
import { invoiceInfoOfCompany, invoiceInfoProblem, mailingErrors } from '../../domain/invoiceApplication';
import { formatMoney } from '../../domain/money';
import { INVOICE_KIND_PAPER } from '../../domain/moneyEnums';
import { findRoute } from '../../domain/routes';
import { useSession } from '../../layout/useSession';
import { showToast } from '../../shell/toast';
import { fetchCompany } from '../merchant/merchantApi';
import { ApplicationForm, type ApplicationValues, EMPTY_APPLICATION } from './ApplicationForm';
import { BatchPicker } from './BatchPicker';
import { ConfirmApplicationDialog } from './ConfirmApplicationDialog';
import { InvoiceFigures } from './InvoiceFiguresCard';
import { InvoiceInfo } from './InvoiceInfoCard';
import {
  applyForInvoice,
  BATCH_PAGE_SIZE,
  type Category,
  type EligibleBatch,
  type Figures,
  fetchCategories,
  fetchEligibleBatches,
  previewInvoice,
} from './invoiceApi';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card component="section" aria-label={title}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/**
 * /applyInvoice (edition 1, 6% VAT special invoice) and /smallApplyInvoice (edition 3, 5% difference-based):
 * choose remitted batches, see the invoice they make (the server applies the session's edition formula),
 * check the company's invoice information, choose kind and category, apply. Then on to /invoiceRecord.
 */
export function ApplyInvoicePage() {
  const session = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const companyId = session?.user.properties.cid;
  const smallScale = isSmallScale(session?.platformMark);
  const [page, setPage] = useState(0);
  const [batches, setBatches] = useState<{ rows: EligibleBatch[]; total: number } | null>(null);
  const [selected, setSelected] = useState<Map<number, EligibleBatch>>(new Map());
  const [figures, setFigures] = useState<Figures | null>(null);
  const [categories, setCategories] = useState<Category[]>([]);
  const [info, setInfo] = useState<Record<string, string> | null>(null);
  const [values, setValues] = useState<ApplicationValues>(EMPTY_APPLICATION);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [confirming, setConfirming] = useState(false);

  // Once the page shows its own rows (or its error), they replace the boot script's first paint (src/boot), in
  // the same commit (ListFirstPaintHandoff.tsx says why).
  const shown = batches !== null || failure !== null;
  useLayoutEffect(() => {
    if (shown) endFirstPaint();
  }, [shown]);

  useEffect(() => {
    let live = true;
    fetchEligibleBatches(page).then(
      (answer) => live && setBatches({ rows: answer.content, total: answer.totalElements }),
      (error: Error) => live && setFailure(error.message),
    );
    return () => {
      live = false;
    };
  }, [page]);

  useEffect(() => {
    fetchCategories().then(setCategories, () => setCategories([]));
    if (companyId) {
      fetchCompany(companyId).then(
        (company) => setInfo(invoiceInfoOfCompany(company) as Record<string, string>),
        (error: Error) => setFailure(error.message),
      );
    }
  }, [companyId]);

  useEffect(() => {
    const ids = [...selected.keys()];
    if (ids.length === 0) {
      setFigures(null);
      return;
    }
    const controller = new AbortController();
    previewInvoice(ids, controller.signal).then(setFigures, (error: Error) => {
      if (!controller.signal.aborted) setFailure(error.message);
    });
    return () => controller.abort();
  }, [selected]);

  if (!session || !companyId) return <Typography sx={{ mt: 2 }}>仅商户账号可以申请开票</Typography>;
  const chosenTotal = [...selected.values()].reduce((sum, batch) => sum + batch.invoiceable, 0);
  const infoProblem = info ? invoiceInfoProblem(info) : '加载中';

  // The figures shown are those of the batches picked now (a preview still on its way is not confirmed).
  const figuresReady = figures !== null && figures.batchCount === selected.size;

  /** 提交申请: the form's own checks, then the confirmation of what will be invoiced. */
  const review = () => {
    const found: Partial<Record<string, string>> = {};
    if (!values.categoryId) found.categoryId = '请选择开票类目';
    if (values.kind === INVOICE_KIND_PAPER) Object.assign(found, mailingErrors(values));
    if ([...values.remark.trim()].length > 128) found.remark = '备注不能超过128个字符';
    setErrors(found);
    setFailure(null);
    if (Object.values(found).some(Boolean)) return;
    setConfirming(true);
  };

  const submit = async () => {
    setSubmitting(true);
    try {
      const paper = values.kind === INVOICE_KIND_PAPER;
      await applyForInvoice({
        batchIds: [...selected.keys()],
        kind: values.kind,
        categoryId: Number(values.categoryId),
        remark: values.remark.trim() || undefined,
        recipient: paper ? values.recipient.trim() : undefined,
        recipientPhone: paper ? values.recipientPhone.trim() : undefined,
        mailAddress: paper ? values.mailAddress.trim() : undefined,
      });
      showToast('开票申请已提交', 'success');
      navigate('/invoiceRecord');
    } catch (error) {
      const content = error instanceof ApiError ? (error.content as { errors?: Record<string, string> } | null) : null;
      if (content?.errors) setErrors(content.errors);
      setFailure((error as Error).message || '申请失败，请稍后再试');
      setConfirming(false);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 2, mt: 2 }}>
      <Title title={findRoute(pathname)?.title ?? '申请开票'} />
      <Alert severity="info">
        {smallScale
          ? '小规模版开具5%差额征税普通发票：已发放给个人的款项作为差额扣除。'
          : '标准版开具6%增值税专用发票。'}
      </Alert>
      <Section title="选择打款批次">
        <BatchPicker
          rows={batches?.rows ?? null}
          total={batches?.total ?? 0}
          page={page}
          pageSize={BATCH_PAGE_SIZE}
          onPage={setPage}
          selected={selected}
          onChange={setSelected}
        />
        <Typography sx={{ mt: 1 }} aria-live="polite">
          已选择 {selected.size} 个批次，可开票金额合计 {formatMoney(chosenTotal)} 元
        </Typography>
      </Section>
      <Section title="发票金额">
        <InvoiceFigures figures={figures} smallScale={smallScale} />
      </Section>
      <Section title="开票信息">
        <InvoiceInfo info={info} />
      </Section>
      <Section title="申请信息">
        <ApplicationForm values={values} onChange={setValues} categories={categories} errors={errors} />
        {failure && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {failure}
          </Alert>
        )}
        {info && infoProblem && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            补全上方「开票信息」后才能提交申请。
          </Typography>
        )}
        <Button
          variant="contained"
          sx={{ mt: 2 }}
          disabled={submitting || selected.size === 0 || !!infoProblem || !figuresReady}
          onClick={review}
        >
          {submitting ? '提交中…' : '提交申请'}
        </Button>
      </Section>
      {confirming && figures && info && (
        <ConfirmApplicationDialog
          open
          submitting={submitting}
          companyName={session.user.properties.cnam ?? ''}
          smallScale={smallScale}
          info={info}
          figures={figures}
          batches={[...selected.values()]}
          values={values}
          categories={categories}
          onBack={() => setConfirming(false)}
          onConfirm={() => void submit()}
        />
      )}
    </Box>
  );
}
