import { createHmac } from 'node:crypto';
import { isValidNationalId, passesLuhn } from '../../src/domain/payees';
import { MOBILE_PATTERN } from '../../src/domain/validation';
import { aliyunIdentityVerifier } from './aliyunIdentity';
import type { IdentityConfig } from './identityConfig';

/**
 * Identity of a gig worker: the keyed lookup hash of the ID number, and the verification provider (实名核验).
 *
 * `workerIdKey` is an HMAC of the ID number under the server's ID_KEY: a worker is found and kept unique by it
 * without an index over the numbers themselves, and a masked number cannot be recovered by hashing the few
 * hidden digits (the same reasoning as payeeKey). Rows written without the key (the demo and bench
 * seeds, which run before the configuration is loaded) get it when the server starts (workerKeys.ts).
 */
export function workerIdKey(idKey: string, idCard: string): string {
  return createHmac('sha256', idKey).update(`worker:${idCard.trim().toUpperCase()}`).digest('hex').slice(0, 32);
}

let configuredKey: string | null = null;

/** The server's ID_KEY for list filters (set once when the workers routes are registered). */
export function configureWorkerIdKey(idKey: string): void {
  configuredKey = idKey;
}

/** A list filter's ID number → its lookup hash (engine filters.rewrite). */
export function idFilterKey(text: string): string {
  if (!configuredKey) throw new Error('workers: ID_KEY 未配置');
  return workerIdKey(configuredKey, text);
}

export interface PersonToVerify {
  name: string;
  idCard: string;
  mobile: string;
  bankCard: string;
}

/** A refusal names the field at fault, so an import row shows it in the right column. */
export type VerificationResult =
  | { passed: true }
  | {
      passed: false;
      field: 'name' | 'idCard' | 'mobile' | 'bankCard';
      message: string;
      /** The provider could not answer (down, misconfigured): not a verdict, so never cached. */
      transient?: true;
    };

/** The development provider's documented mismatch: a name with 假 does not match its ID number. */
export const DEV_MISMATCH_NAME_MARK = '假';

/**
 * Three- or four-element verification (姓名 + 身份证号 + 银行卡号 [+ 手机号]). The development provider checks
 * what can be checked locally and deterministically: the ID number's form, birth date and check digit, the
 * mobile number's form and the bank card's Luhn check digit. A real provider (a bank-card four-element API)
 * implements this interface and is chosen by IDENTITY_PROVIDER.
 */
export interface IdentityVerifier {
  readonly name: string;
  verify(person: PersonToVerify): Promise<VerificationResult>;
}

const NAME_PATTERN = /^[\u4e00-\u9fa5·•A-Za-z]{2,20}$/u;

export const devVerifier: IdentityVerifier = {
  name: 'dev',
  async verify(person) {
    if (!NAME_PATTERN.test(person.name)) return { passed: false, field: 'name', message: '姓名应为2-20个汉字或字母' };
    if (!isValidNationalId(person.idCard))
      return { passed: false, field: 'idCard', message: '身份证号格式或校验位不正确' };
    if (!MOBILE_PATTERN.test(person.mobile)) return { passed: false, field: 'mobile', message: '请输入正确的手机号' };
    // A worker paid to Alipay may have no card: Alipay checks the account against the real name instead.
    if (person.bankCard !== '' && !passesLuhn(person.bankCard)) {
      return { passed: false, field: 'bankCard', message: '银行卡号校验位不正确，请核对卡号' };
    }
    if (person.name.includes(DEV_MISMATCH_NAME_MARK)) {
      return { passed: false, field: 'name', message: '姓名与身份证号不一致，请核对姓名和身份证号' };
    }
    return { passed: true };
  },
};

/**
 * A four-element provider over HTTPS: POST {name, idCard, mobile, bankCard} as JSON, signed with
 * X-Signature = HMAC-SHA256(IDENTITY_VERIFY_KEY, body); it answers {"passed": boolean, "field"?, "message"?}.
 */
export function httpVerifier(url: string, key: string, timeoutMs = 5000): IdentityVerifier {
  return {
    name: 'http',
    async verify(person) {
      const body = JSON.stringify(person);
      const signature = createHmac('sha256', key).update(body).digest('hex');
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-signature': signature },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok)
        return {
          passed: false,
          field: 'idCard',
          message: `实名核验服务暂不可用（${response.status}）`,
          transient: true,
        };
      const answer = (await response.json()) as { passed?: boolean; field?: string; message?: string };
      if (answer.passed === true) return { passed: true };
      const field = ['name', 'idCard', 'mobile', 'bankCard'].includes(answer.field ?? '')
        ? (answer.field as 'name' | 'idCard' | 'mobile' | 'bankCard')
        : 'idCard';
      return { passed: false, field, message: answer.message || '实名核验未通过' };
    },
  };
}

/** The provider IDENTITY_PROVIDER chose (config.identity): dev by default. */
export function identityVerifier(config: IdentityConfig): IdentityVerifier {
  switch (config.provider) {
    case 'http':
      return httpVerifier(config.url, config.key);
    case 'aliyun':
      return aliyunIdentityVerifier(config);
    default:
      return devVerifier;
  }
}
