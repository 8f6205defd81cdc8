import { randomUUID } from 'node:crypto';
import { checkAcs3Request } from './aliyunSignature';
import { startLoopbackServer } from './loopbackServer';

export interface KnownPerson {
  name: string;
  idCard: string;
  mobile: string;
  bankCard: string;
}

const ACTIONS = ['Id2MetaVerify', 'Mobile3MetaSimpleVerify', 'BankMetaVerify'] as const;

/**
 * A loopback Aliyun 实名核验 (cloudauth 2019-03-07): checks the ACS3-HMAC-SHA256 signature (documented algorithm,
 * aliyunSignature.ts) and answers the two-, three- and four-factor checks like the real API: Code "200" and
 * ResultObject.BizCode "1" (consistent), "2" (not consistent) or "3" (no record), against the people it knows.
 */
export async function startAliyunCloudauthFake(
  credentials: { accessKeyId: string; accessKeySecret: string },
  people: readonly KnownPerson[],
) {
  const calls: { action: string; params: Record<string, string> }[] = [];
  const refused: string[] = [];
  let nextError: string | null = null;
  const server = await startLoopbackServer((request) => {
    const RequestId = randomUUID();
    const problem = checkAcs3Request(request, { [credentials.accessKeyId]: credentials.accessKeySecret });
    if (problem) {
      refused.push(problem.code);
      return { status: 400, body: { Code: problem.code, Message: 'Specified signature is not matched', RequestId } };
    }
    const action = String(request.headers['x-acs-action']);
    if (!(ACTIONS as readonly string[]).includes(action) || request.headers['x-acs-version'] !== '2019-03-07') {
      return { status: 404, body: { Code: 'InvalidAction.NotFound', RequestId } };
    }
    const params: Record<string, string> = Object.fromEntries(new URL(request.url, 'http://fake').searchParams);
    for (const [name, value] of new URLSearchParams(request.body.toString('utf8'))) params[name] = value;
    calls.push({ action, params });
    if (nextError) {
      const code = nextError;
      nextError = null;
      return { status: 200, body: { Code: code, Message: '系统错误', RequestId } };
    }
    if (params.ParamType !== 'normal' || !params.UserName || !params.IdentifyNum) {
      return { status: 200, body: { Code: '401', Message: '参数非法', RequestId } };
    }
    const known = people.find((person) => person.idCard === params.IdentifyNum);
    let bizCode = '1';
    if (!known) bizCode = '3';
    else if (known.name !== params.UserName) bizCode = '2';
    else if (action === 'Mobile3MetaSimpleVerify' && known.mobile !== params.Mobile) bizCode = '2';
    else if (action === 'BankMetaVerify') {
      if (known.bankCard !== params.BankCard) bizCode = '2';
      if (params.ProductType === 'BANK_CARD_4_META' && known.mobile !== params.Mobile) bizCode = '2';
    }
    return { status: 200, body: { Code: '200', Message: 'success', RequestId, ResultObject: { BizCode: bizCode } } };
  });
  return {
    ...server,
    calls,
    refused,
    /** The next check answers this error Code (e.g. "500": the service failed) instead of a verdict. */
    failNext(code: string) {
      nextError = code;
    },
  };
}
