import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { Title } from 'react-admin';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../../providers/httpClient';
import { RiskConfirmDialog, riskConfirmOf } from '../../components/RiskConfirmDialog';
import { BATCH_FILE_MSG, BATCH_MAX_BYTES, BATCH_MAX_ROWS } from '../../domain/payoutBatch';
import { useSession } from '../../layout/useSession';
import { showToast } from '../../shell/toast';
import { PayPasswordDialog } from './PayPasswordDialog';
import { PayPasswordNotice, payPasswordSetupPath } from './PayPasswordNotice';
import { RemitDrafts } from './RemitDrafts';
import { RemitErrors } from './RemitErrors';
import { PreviewFigures, PreviewRows } from './RemitPreview';
import { RemitWarnings } from './RemitWarnings';
import {
  type BatchPreview,
  downloadTemplate,
  openDraft,
  type RowErrors,
  type SubmittedBatch,
  submitBatch,
  validateBatchFile,
} from './remitApi';
import { useClickGuard } from './useClickGuard';

type Stage =
  | { kind: 'idle' }
  | { kind: 'checking'; fileName: string }
  | { kind: 'failed'; message: string }
  | { kind: 'errors'; message: string; result: RowErrors }
  | { kind: 'preview'; preview: BatchPreview; accepted: boolean; riskConfirmed: boolean }
  | { kind: 'submitted'; batch: SubmittedBatch; message: string };

function isRowErrors(content: unknown): content is RowErrors {
  return !!content && typeof content === 'object' && Array.isArray((content as RowErrors).errors);
}

function TemplateAndUpload({ busy, onFile }: { busy: boolean; onFile: (file: File) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const download = (format: 'xlsx' | 'csv') =>
    downloadTemplate(format).catch((error: Error) => showToast(error.message, 'error'));
  const chosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so choosing the same (corrected) file again still fires a change.
    event.target.value = '';
    if (file) onFile(file);
  };
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          上传打款文件
        </Typography>
        <Typography variant="body2" color="text.secondary" component="div">
          <ol style={{ margin: 0, paddingLeft: 20 }}>
            <li>
              下载模板，在「收款人」页按表头填写收款人：姓名、身份证号、银行卡号、手机号（选填）、金额（元）、备注（选填）。
              Excel 模板的「填写示例」页只作参考，上传时不会读取。
            </li>
            <li>
              支持 .xlsx 和 .csv 文件，单次最多 {BATCH_MAX_ROWS} 行、{BATCH_MAX_BYTES / 1024 / 1024}MB； 在 Excel
              中请把身份证号、银行卡号列设为文本格式。
            </li>
            <li>上传后系统逐行校验，全部通过才能提交；有误的行会列出原因，修改后重新上传即可。</li>
          </ol>
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>
          <Button variant="outlined" onClick={() => download('xlsx')}>
            下载模板（Excel）
          </Button>
          <Button variant="outlined" onClick={() => download('csv')}>
            下载模板（CSV）
          </Button>
          <Button variant="contained" disabled={busy} onClick={() => input.current?.click()}>
            选择文件并上传
          </Button>
          <input ref={input} type="file" hidden accept=".xlsx,.csv" aria-label="上传打款文件" onChange={chosen} />
        </Box>
      </CardContent>
    </Card>
  );
}

/** /remit: template, upload with row-by-row validation, preview, and submission with the payment password. */
export function RemitPage() {
  const session = useSession();
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [paying, setPaying] = useState(false);
  const [riskText, setRiskText] = useState<string | null>(null);
  // Bumped when a draft is made or submitted, so the list of waiting drafts reads again.
  const [draftsRead, setDraftsRead] = useState(0);
  const { blocked, guard } = useClickGuard();
  const companyId = session?.user.properties.cid;
  // A draft made elsewhere (a task's settlement, /taskRelease) opens here by its id: /remit?draft=<id>.
  // A validated upload is put in the URL too, so a detour (setting the payment password) or a reload comes back
  // to it; shownDraft keeps the draft just validated here from being read again.
  const [search, setSearch] = useSearchParams();
  const draftParam = search.get('draft');
  const shownDraft = useRef<number | null>(null);
  useEffect(() => {
    const draftId = Number(draftParam);
    if (!draftParam || !Number.isInteger(draftId) || draftId <= 0) return;
    if (shownDraft.current === draftId) return;
    shownDraft.current = draftId;
    let live = true;
    setStage({ kind: 'checking', fileName: '打款草稿' });
    openDraft(draftId)
      .then((preview) => live && setStage({ kind: 'preview', preview, accepted: false, riskConfirmed: false }))
      .catch((error: Error) => live && setStage({ kind: 'failed', message: error.message }));
    return () => {
      live = false;
    };
  }, [draftParam]);
  if (!session || !companyId) return <Typography sx={{ mt: 2 }}>仅商户账号可以批量打款</Typography>;

  const upload = async (file: File) => {
    if (file.size > BATCH_MAX_BYTES) {
      setStage({ kind: 'failed', message: BATCH_FILE_MSG.tooLarge });
      return;
    }
    setStage({ kind: 'checking', fileName: file.name });
    try {
      const preview = await validateBatchFile(file);
      setStage({ kind: 'preview', preview, accepted: false, riskConfirmed: false });
      setDraftsRead((read) => read + 1);
      shownDraft.current = preview.draftId;
      setSearch({ draft: String(preview.draftId) }, { replace: true });
    } catch (error) {
      const content = error instanceof ApiError ? error.content : undefined;
      const message = error instanceof Error ? error.message : '上传失败，请重试';
      setStage(isRowErrors(content) ? { kind: 'errors', message, result: content } : { kind: 'failed', message });
    }
  };

  const pay = async (
    preview: BatchPreview,
    accepted: boolean,
    riskConfirmed: boolean,
    password: string,
  ): Promise<string | undefined> => {
    try {
      const batch = await submitBatch(preview.draftId, password, accepted, riskConfirmed);
      setPaying(false);
      setDraftsRead((read) => read + 1);
      setStage({
        kind: 'submitted',
        batch,
        message: batch.duplicate ? `该批次已提交，批次号 ${batch.batchNo}` : `提交成功，批次号 ${batch.batchNo}`,
      });
      return undefined;
    } catch (error) {
      // The enterprise was marked risky after the preview: ask, then the merchant pays again.
      const risk = riskConfirmOf(error);
      if (risk) {
        setPaying(false);
        setRiskText(risk.text);
        return undefined;
      }
      return error instanceof Error ? error.message : '提交失败，请重试';
    }
  };

  /** 提交打款: a risky enterprise is confirmed first, then the payment password is asked for. */
  const startPaying = (current: Extract<Stage, { kind: 'preview' }>) => {
    const risk = current.preview.enterprise?.riskText;
    if (risk && !current.riskConfirmed) setRiskText(risk);
    else setPaying(true);
  };

  return (
    <Box sx={{ mt: 2, display: 'grid', gap: 2 }}>
      <Title title="批量打款" />
      <PayPasswordNotice
        companyId={companyId}
        back={stage.kind === 'preview' ? `/remit?draft=${stage.preview.draftId}` : '/remit'}
      />
      <RemitDrafts reload={draftsRead} currentId={stage.kind === 'preview' ? stage.preview.draftId : null} />
      <TemplateAndUpload busy={stage.kind === 'checking'} onFile={(file) => void upload(file)} />
      {stage.kind === 'checking' && (
        <Card>
          <CardContent>
            <Typography sx={{ mb: 1 }}>正在校验「{stage.fileName}」…</Typography>
            <LinearProgress aria-label="处理中" />
          </CardContent>
        </Card>
      )}
      {stage.kind === 'failed' && <Alert severity="error">{stage.message}</Alert>}
      {stage.kind === 'errors' && (
        <Card>
          <CardContent>
            <RemitErrors message={stage.message} result={stage.result} />
            <RemitWarnings warnings={stage.result.warnings ?? []} />
          </CardContent>
        </Card>
      )}
      {stage.kind === 'submitted' && (
        <Alert severity="success">
          {stage.message}，共 {stage.batch.itemCount} 笔。银行处理完成后可在
          <Link component={RouterLink} to="/paymentRecord" sx={{ mx: 0.5 }}>
            打款记录
          </Link>
          查看每笔结果。
        </Alert>
      )}
      {stage.kind === 'preview' && (
        <Card>
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              校验通过：{stage.preview.fileName}
            </Typography>
            <PreviewFigures preview={stage.preview} />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              请在 {stage.preview.expireTime} 前提交，过期后需
              {stage.preview.taskId ? '到任务发布重新结算' : '重新上传文件'}。
            </Typography>
            {stage.preview.enterprise?.lockedText && (
              <Alert severity="error" sx={{ mt: 1 }}>
                {stage.preview.enterprise.lockedText}
              </Alert>
            )}
            {stage.preview.enterprise?.riskText && (
              <Alert severity="warning" sx={{ mt: 1 }}>
                {stage.preview.enterprise.riskText}
              </Alert>
            )}
            <RemitWarnings warnings={stage.preview.warnings}>
              <FormControlLabel
                sx={{ mt: 1 }}
                control={
                  <Checkbox
                    checked={stage.accepted}
                    onChange={(event) => setStage({ ...stage, accepted: event.target.checked })}
                  />
                }
                label="我已与收款人核对以上银行卡号，确认无误"
              />
            </RemitWarnings>
            <Box sx={{ mt: 2, display: 'flex', gap: 1, alignItems: 'center' }}>
              <Button
                variant="contained"
                disabled={
                  stage.preview.shortfall > 0 ||
                  blocked ||
                  !!stage.preview.enterprise?.lockedText ||
                  (stage.preview.warnings.length > 0 && !stage.accepted)
                }
                onClick={guard(() => startPaying(stage))}
              >
                提交打款
              </Button>
              {stage.preview.shortfall > 0 && (
                <Typography color="error" variant="body2">
                  余额不足，请先充值后再提交
                </Typography>
              )}
              {stage.preview.shortfall <= 0 && stage.preview.warnings.length > 0 && !stage.accepted && (
                <Typography color="warning.dark" variant="body2">
                  请先核对并确认上面的提示
                </Typography>
              )}
            </Box>
            <PreviewRows preview={stage.preview} />
            <PayPasswordDialog
              open={paying}
              companyId={companyId}
              total={stage.preview.total}
              itemCount={stage.preview.itemCount}
              setupPath={payPasswordSetupPath(`/remit?draft=${stage.preview.draftId}`)}
              onPay={(password) => pay(stage.preview, stage.accepted, stage.riskConfirmed, password)}
              onClose={() => setPaying(false)}
            />
            <RiskConfirmDialog
              text={riskText}
              onCancel={() => setRiskText(null)}
              onConfirm={() => {
                setRiskText(null);
                setStage({ ...stage, riskConfirmed: true });
                setPaying(true);
              }}
            />
          </CardContent>
        </Card>
      )}
    </Box>
  );
}
