import { randomUUID } from 'node:crypto';
import { startLoopbackServer } from './loopbackServer';
import { checkTc3Request } from './tencentSignature';

export interface TencentSentSms {
  phoneNumber: string;
  smsSdkAppId: string;
  signName: string;
  templateId: string;
  templateParams: string[];
  serialNo: string;
}

/**
 * A loopback Tencent Cloud SMS API (2021-01-11): checks the TC3-HMAC-SHA256 signature (tencentSignature.ts,
 * documented algorithm) with service "sms", and answers SendSms like the real one: {Response:{SendStatusSet:[…]}}
 * with Code "Ok" or a per-number error code; an authentication failure as {Response:{Error:{Code,Message}}}.
 */
export async function startTencentSmsFake(credentials: { secretId: string; secretKey: string }) {
  const sent: TencentSentSms[] = [];
  const refused: string[] = [];
  let nextError: string | null = null;
  const server = await startLoopbackServer((request) => {
    const requestId = randomUUID();
    const problem = checkTc3Request(request, { [credentials.secretId]: credentials.secretKey }, 'sms');
    if (problem) {
      refused.push(problem);
      return {
        status: 200,
        body: { Response: { Error: { Code: problem, Message: '签名验证失败' }, RequestId: requestId } },
      };
    }
    if (request.headers['x-tc-action'] !== 'SendSms' || request.headers['x-tc-version'] !== '2021-01-11') {
      return {
        status: 200,
        body: { Response: { Error: { Code: 'InvalidAction', Message: '' }, RequestId: requestId } },
      };
    }
    const body = JSON.parse(request.body.toString('utf8'));
    const phoneNumber = String(body.PhoneNumberSet?.[0] ?? '');
    if (nextError) {
      const code = nextError;
      nextError = null;
      return {
        status: 200,
        body: {
          Response: {
            SendStatusSet: [
              { SerialNo: '', PhoneNumber: phoneNumber, Fee: 0, Code: code, Message: code, IsoCode: 'CN' },
            ],
            RequestId: requestId,
          },
        },
      };
    }
    const serialNo = `2028:${Date.now()}${sent.length}`;
    sent.push({
      phoneNumber,
      smsSdkAppId: body.SmsSdkAppId,
      signName: body.SignName,
      templateId: body.TemplateId,
      templateParams: body.TemplateParamSet ?? [],
      serialNo,
    });
    return {
      status: 200,
      body: {
        Response: {
          SendStatusSet: [
            {
              SerialNo: serialNo,
              PhoneNumber: phoneNumber,
              Fee: 1,
              Code: 'Ok',
              Message: 'send success',
              IsoCode: 'CN',
            },
          ],
          RequestId: requestId,
        },
      },
    };
  });
  return {
    ...server,
    sent,
    refused,
    /** The next SendSms answers this per-number error code (LimitExceeded.PhoneNumberDailyLimit, ...). */
    failNext(code: string) {
      nextError = code;
    },
  };
}
