import { OPEN_ERRORS, SIGNATURE_WINDOW_MS } from '../../src/domain/openApiRules';

/** The API document's 开放接口 tag: the signature scheme, a worked example and the refusals (openApi.ts uses these). */
export const OPEN_TAG = '开放接口';

const errorTable = Object.values(OPEN_ERRORS)
  .map((error) => `| ${error.status} | \`${error.error}\` | ${error.message} |`)
  .join('\n');

export const OPEN_TAG_DESCRIPTION = `商户自己的系统调用的接口，路径以 /open/v1/ 开头，每次调用都在密钥所属的商户与版本内，走与后台相同的规则。

## 签名
每个请求带四个请求头：
- \`X-LG-Key\`：密钥编号（lgak_…，平台授权时给出）；
- \`X-LG-Timestamp\`：Unix 秒，与服务器时间相差不超过 ${SIGNATURE_WINDOW_MS / 60_000} 分钟；
- \`X-LG-Nonce\`：16-64 位字母、数字、-、_ 的随机串，同一密钥每个只能用一次；
- \`X-LG-Signature\`：hex(HMAC-SHA256(签名密钥, 待签名串))。

待签名串是六行，以 \\n 连接：
\`\`\`
请求方法（大写）
路径（如 /open/v1/balance）
规范查询串（每个参数名与值按 RFC 3986 编码，按名再按值排序，以 & 连接；没有则为空行）
X-LG-Timestamp
X-LG-Nonce
hex(SHA-256(请求体原文))（GET 为空串的摘要）
\`\`\`
权限（scope）：read 查询（余额、流水、批次与明细、电子回单、签约状态），workers 人员（导入、签约链接），pay 打款（提交批次），invoices 发票（可开票批次、开票类目、申请开票、发票状态与文件）；密钥可设有效期，重置后旧签名密钥在重叠期内仍可用，停用立即生效。
每个密钥每分钟的调用次数有上限。每次调用（含被拒绝的）都记入第三方调用记录，密钥编号脱敏，签名不记录。

## 示例（curl）
\`\`\`sh
KEY=lgak_0123456789abcdef01234567; SECRET=lgs_...
TS=$(date +%s); NONCE=$(openssl rand -hex 16); BODY=''
HASH=$(printf '%s' "$BODY" | openssl dgst -sha256 -hex | sed 's/^.* //')
SIG=$(printf 'GET\\n/open/v1/balance\\n\\n%s\\n%s\\n%s' "$TS" "$NONCE" "$HASH" | openssl dgst -sha256 -hmac "$SECRET" -hex | sed 's/^.* //')
curl https://平台地址/open/v1/balance -H "X-LG-Key: $KEY" -H "X-LG-Timestamp: $TS" -H "X-LG-Nonce: $NONCE" -H "X-LG-Signature: $SIG"
\`\`\`

## 示例（Node）
\`\`\`js
import { createHash, createHmac, randomBytes } from 'node:crypto';
function signedHeaders(keyId, secret, method, path, query, body) {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = randomBytes(16).toString('hex');
  const canonical = [...new URLSearchParams(query)]
    .map(([k, v]) => [encodeURIComponent(k), encodeURIComponent(v)])
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([k, v]) => k + '=' + v).join('&');
  const digest = createHash('sha256').update(body).digest('hex');
  const text = [method, path, canonical, timestamp, nonce, digest].join('\\n');
  const signature = createHmac('sha256', secret).update(text).digest('hex');
  return { 'X-LG-Key': keyId, 'X-LG-Timestamp': timestamp, 'X-LG-Nonce': nonce, 'X-LG-Signature': signature };
}
const body = JSON.stringify({ rows: [{ name: '张三', idCard: '…', bankCard: '…', amount: '100.00' }] });
await fetch('https://平台地址/open/v1/payout_batches', {
  method: 'POST', body,
  headers: { 'content-type': 'application/json', 'Idempotency-Key': 'order-20260101-1',
    ...signedHeaders(KEY, SECRET, 'POST', '/open/v1/payout_batches', '', body) },
});
\`\`\`

## 幂等
提交打款批次（POST /open/v1/payout_batches）与申请开票（POST /open/v1/invoices）须带请求头 Idempotency-Key。同一商户同一版本下，
同一个键再次提交相同的数据，回答第一次的结果（duplicate 为 true），不会重复打款或重复申请；同一个键提交不同的数据被拒绝。
申请开票的键最多 62 位。

## 文件
电子回单（GET /open/v1/payout_batches/{id}/items/{itemId}/receipt）与发票文件（GET /open/v1/invoices/{id}/file）成功时回答文件本身
（application/pdf 或图片）；不能下载时回答 HTTP 200 的 JSON 信封（code 1040400），请按 Content-Type 区分：该笔打款未成功，没有回单；回单尚未生成，请稍后再试
（渠道稍后才有回单，可重试）；打款明细不存在（编号不存在或不属于本商户）；该发票申请没有发票文件（开票时未上传，或尚未开票）；
发票申请不存在。

## 错误
签名未通过时回答下表的 HTTP 状态，信封 code 1040400，content.error 为错误码：

| HTTP | content.error | 说明 |
| ---- | ------------- | ---- |
${errorTable}

业务错误（余额不足、数据有误、不属于本商户的编号等）为 HTTP 200、code 1040400，message 是给人看的中文说明。
金额为万分之一元的整数，时间为北京时间文本。`;

export const OPEN_SECURITY_SCHEME = {
  type: 'apiKey',
  in: 'header',
  name: 'X-LG-Key',
  description: '密钥编号；另带 X-LG-Timestamp、X-LG-Nonce、X-LG-Signature（见 开放接口 标签的签名说明）',
};
