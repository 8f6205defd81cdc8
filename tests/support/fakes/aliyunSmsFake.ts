import { randomUUID } from 'node:crypto';
import { checkAcs3Request } from './aliyunSignature';
import { startLoopbackServer } from './loopbackServer';

export interface AliyunSentSms {
  phoneNumbers: string;
  signName: string;
  templateCode: string;
  templateParam: Record<string, string>;
  bizId: string;
}

/**
 * A loopback Dysmsapi (2017-05-25): checks each request's ACS3-HMAC-SHA256 signature as the real API does
 * (aliyunSignature.ts: documented algorithm, not the SDK's), refuses a replayed nonce, and answers SendSms like
 * the real one: HTTP 200 {Code:"OK", BizId} or a business error code in Code; signature errors HTTP 400.
 */
export async function startAliyunSmsFake(credentials: { accessKeyId: string; accessKeySecret: string }) {
  const sent: AliyunSentSms[] = [];
  const refused: string[] = [];
  const nonces = new Set<string>();
  let nextError: string | null = null;
  const server = await startLoopbackServer((request) => {
    const problem = checkAcs3Request(request, { [credentials.accessKeyId]: credentials.accessKeySecret });
    const requestId = randomUUID();
    if (problem) {
      refused.push(problem.code);
      return {
        status: 400,
        body: { Code: problem.code, Message: 'Specified signature is not matched', RequestId: requestId },
      };
    }
    const nonce = String(request.headers['x-acs-signature-nonce']);
    if (nonces.has(nonce)) return { status: 400, body: { Code: 'SignatureNonceUsed', RequestId: requestId } };
    nonces.add(nonce);
    if (request.headers['x-acs-action'] !== 'SendSms' || request.headers['x-acs-version'] !== '2017-05-25') {
      return { status: 404, body: { Code: 'InvalidAction.NotFound', RequestId: requestId } };
    }
    const query = new URL(request.url, 'http://fake').searchParams;
    const missing = ['PhoneNumbers', 'SignName', 'TemplateCode'].find((name) => !query.get(name));
    if (missing) return { status: 400, body: { Code: 'MissingParameter', Message: missing, RequestId: requestId } };
    if (nextError) {
      const code = nextError;
      nextError = null;
      return { status: 200, body: { Code: code, Message: code, RequestId: requestId } };
    }
    const bizId = `${Date.now()}${sent.length}^0`;
    sent.push({
      phoneNumbers: query.get('PhoneNumbers') ?? '',
      signName: query.get('SignName') ?? '',
      templateCode: query.get('TemplateCode') ?? '',
      templateParam: JSON.parse(query.get('TemplateParam') ?? '{}'),
      bizId,
    });
    return { status: 200, body: { Code: 'OK', Message: 'OK', BizId: bizId, RequestId: requestId } };
  });
  return {
    ...server,
    sent,
    /** Error codes of refused signatures. */
    refused,
    /** The next SendSms answers this business error code (isv.BUSINESS_LIMIT_CONTROL, ...). */
    failNext(code: string) {
      nextError = code;
    },
  };
}
