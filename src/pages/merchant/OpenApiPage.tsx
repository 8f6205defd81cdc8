import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Button, Title } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { scopeNames } from '../../domain/openApiRules';
import { showToast } from '../../shell/toast';
import { fetchMerchantKeys, fetchOpenApiDocument, type MerchantOpenKey, type OpenApiDocument } from './openKeysApi';

const pre = {
  m: 0,
  p: 1.5,
  bgcolor: 'grey.100',
  borderRadius: 1,
  fontSize: 12,
  maxHeight: 420,
  overflow: 'auto',
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-all',
} as const;

const nowrap = { whiteSpace: 'nowrap' } as const;

const DOCUMENT_NOTE =
  '接口文档是 OpenAPI 3.1 格式，可导入 Postman、Apifox 等工具，或用代码生成器生成调用客户端。' +
  '每个请求都要用签名密钥签名，签名方法、示例与错误码见下方「签名说明」。';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

function statusOf(key: MerchantOpenKey): { label: string; color: 'success' | 'default' | 'warning' } {
  if (key.status !== 1) return { label: '已停用', color: 'default' };
  if (key.expired) return { label: '已过期', color: 'warning' };
  return { label: '启用', color: 'success' };
}

/** The keys of the merchant's company in this edition; what a key can do is set by platform staff. */
function KeysCard() {
  const [keys, setKeys] = useState<MerchantOpenKey[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    fetchMerchantKeys().then(setKeys, (failure: Error) => setError(failure.message));
  }, []);
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          接口密钥
        </Typography>
        <Alert severity="info" sx={{ mb: 2 }}>
          开放接口的密钥由平台工作人员授予：如需开通、增加权限、延长有效期或轮换密钥，请联系平台客服或您的客户经理，说明调用方系统和需要的权限。开通或轮换时平台会一次性交给贵司密钥编号与签名密钥，本页只显示密钥编号和前几位，不显示签名密钥，请妥善保存。
        </Alert>
        {error && <Alert severity="error">{error}</Alert>}
        {!error && keys === null && <Typography color="text.secondary">正在加载…</Typography>}
        {keys !== null && keys.length === 0 && (
          <Box role="status" sx={{ py: 3, textAlign: 'center' }}>
            <Typography>贵司还没有开放接口密钥。</Typography>
            <Typography color="text.secondary" variant="body2" sx={{ mt: 1 }}>
              开放接口让贵司自己的系统直接核验与导入人员、发送签约链接、提交打款批次、查询结果与申请开票。请联系平台工作人员开通，开通后密钥会显示在这里。
            </Typography>
          </Box>
        )}
        {keys !== null && keys.length > 0 && (
          // A region that scrolls is reached by keyboard too: focusable and named.
          <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="开放接口密钥（可横向滚动）">
            <Table size="small" aria-label="开放接口密钥">
              <TableHead>
                <TableRow>
                  <TableCell>调用方平台</TableCell>
                  <TableCell>密钥编号</TableCell>
                  <TableCell>校验密钥</TableCell>
                  <TableCell>权限</TableCell>
                  <TableCell>有效期至</TableCell>
                  <TableCell align="right">每分钟调用次数</TableCell>
                  <TableCell>状态</TableCell>
                  <TableCell>创建时间</TableCell>
                  <TableCell>最近调用时间</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {keys.map((key) => {
                  const status = statusOf(key);
                  return (
                    <TableRow key={key.id}>
                      <TableCell>{key.caller}</TableCell>
                      <TableCell sx={{ fontFamily: 'monospace' }}>
                        {key.keyId ?? '—'}
                        {key.previousValidUntil && (
                          <Typography variant="caption" display="block" color="text.secondary">
                            轮换前的签名密钥在 {key.previousValidUntil} 前仍可用
                          </Typography>
                        )}
                      </TableCell>
                      <TableCell sx={{ fontFamily: 'monospace' }}>{key.keyPrefix}</TableCell>
                      <TableCell sx={nowrap}>{scopeNames(key.scopes) || '—'}</TableCell>
                      <TableCell sx={nowrap}>{key.expireTime ?? '长期有效'}</TableCell>
                      <TableCell align="right">{key.callsPerMinute}</TableCell>
                      <TableCell>
                        <Chip size="small" label={status.label} color={status.color} />
                      </TableCell>
                      <TableCell sx={nowrap}>{key.createTime}</TableCell>
                      <TableCell sx={nowrap}>{key.lastUsedTime ?? '尚未调用'}</TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

function operationsOf(document: OpenApiDocument) {
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({
      method: method.toUpperCase(),
      path,
      summary: item[method]?.summary ?? '',
    })),
  );
}

function saveDocument(document: OpenApiDocument) {
  const blob = new Blob([JSON.stringify(document, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = window.document.createElement('a');
  link.href = url;
  link.download = '开放接口文档.openapi.json';
  window.document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The 开放接口 part of the API document: the signature scheme, the operations and the file for code generators. */
function DocumentCard() {
  const [document, setDocument] = useState<OpenApiDocument | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [showGuide, setShowGuide] = useState(false);
  useEffect(() => {
    fetchOpenApiDocument().then(setDocument, (failure: Error) => setError(failure.message));
  }, []);
  const guide = document?.tags?.[0]?.description ?? '';
  const operations = document ? operationsOf(document) : [];
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          接口文档
        </Typography>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {DOCUMENT_NOTE}
        </Typography>
        {error && <Alert severity="error">{error}</Alert>}
        {!error && !document && <Typography color="text.secondary">正在加载接口文档…</Typography>}
        {document && (
          <>
            <Box sx={{ display: 'flex', gap: 1, mb: 2, flexWrap: 'wrap' }}>
              <Button
                label="下载接口文档（OpenAPI JSON）"
                variant="contained"
                onClick={() => {
                  saveDocument(document);
                  showToast('接口文档已下载', 'success');
                }}
              />
              <Button label={showGuide ? '收起签名说明' : '签名说明'} onClick={() => setShowGuide((shown) => !shown)} />
            </Box>
            {showGuide && (
              <Box component="pre" aria-label="签名说明" tabIndex={0} sx={{ ...pre, mb: 2 }}>
                {guide}
              </Box>
            )}
            <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="接口列表（可横向滚动）">
              <Table size="small" aria-label="接口列表">
                <TableHead>
                  <TableRow>
                    <TableCell>方法</TableCell>
                    <TableCell>路径</TableCell>
                    <TableCell>说明</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {operations.map((operation) => (
                    <TableRow key={`${operation.method} ${operation.path}`}>
                      <TableCell sx={{ fontFamily: 'monospace' }}>{operation.method}</TableCell>
                      <TableCell sx={{ fontFamily: 'monospace' }}>{operation.path}</TableCell>
                      <TableCell>{operation.summary}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          </>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * /openApi 开放接口 (merchant): the company's open-API keys (read-only: staff grant, edit and rotate them on
 * /addThirdPartyCall), the open API's document and the way to 消息推送, where the merchant sets where the
 * platform pushes results back.
 */
export function OpenApiPage() {
  return (
    <Box sx={{ mt: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Title title="开放接口" />
      <KeysCard />
      <DocumentCard />
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            消息推送
          </Typography>
          <Typography variant="body2">
            平台会把打款结果、签约结果和发票开具消息推送到贵司系统。推送地址、推送的签名密钥和推送记录在{' '}
            <Link component={RouterLink} to="/openWebhooks">
              消息推送
            </Link>{' '}
            页设置与查看。
          </Typography>
        </CardContent>
      </Card>
    </Box>
  );
}
