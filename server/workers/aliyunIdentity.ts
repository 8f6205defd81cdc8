import { createRequire } from 'node:module';
import type CloudauthClient from '@alicloud/cloudauth20190307';
import { aliyunClientConfig } from '../providers/aliyunOpenApi';
import type { IdentityVerifier, PersonToVerify, VerificationResult } from './identity';
import type { IdentityConfig } from './identityConfig';

const require = createRequire(import.meta.url);
// CommonJS packages: required, so the classes are the same under tsx, Node and vitest.
const cloudauth = require('@alicloud/cloudauth20190307') as typeof import('@alicloud/cloudauth20190307');
const Cloudauth: typeof CloudauthClient = (cloudauth as unknown as { default: typeof CloudauthClient }).default;

type Field = 'name' | 'idCard' | 'mobile' | 'bankCard';

/**
 * Aliyun 实名核验 (cloudauth 2019-03-07, ACS3-HMAC-SHA256 signed by the SDK), the check chosen by the factors given:
 * name + ID number → Id2MetaVerify; + mobile → Mobile3MetaSimpleVerify; + bank card → BankMetaVerify
 * (BANK_CARD_4_META with the mobile, BANK_CARD_3_META without). ResultObject.BizCode: 1 consistent, 2 not
 * consistent, 3 no record; any other answer is the service failing (transient, not cached).
 */
export function aliyunIdentityVerifier(config: Extract<IdentityConfig, { provider: 'aliyun' }>): IdentityVerifier {
  const client = new Cloudauth(aliyunClientConfig(config));

  async function ask(
    person: PersonToVerify,
  ): Promise<{ code?: string; bizCode?: string; field: Field; factors: string }> {
    if (person.bankCard) {
      const four = person.mobile !== '';
      const answer = await client.bankMetaVerify(
        new cloudauth.BankMetaVerifyRequest({
          paramType: 'normal',
          productType: four ? 'BANK_CARD_4_META' : 'BANK_CARD_3_META',
          verifyMode: 'VERIFY_BANK_CARD',
          userName: person.name,
          identifyNum: person.idCard,
          bankCard: person.bankCard,
          ...(four ? { mobile: person.mobile } : {}),
        }),
      );
      return {
        code: answer.body?.code,
        bizCode: answer.body?.resultObject?.bizCode,
        field: 'bankCard',
        factors: four ? '姓名、身份证号、银行卡号与预留手机号' : '姓名、身份证号与银行卡号',
      };
    }
    if (person.mobile) {
      const answer = await client.mobile3MetaSimpleVerify(
        new cloudauth.Mobile3MetaSimpleVerifyRequest({
          paramType: 'normal',
          userName: person.name,
          identifyNum: person.idCard,
          mobile: person.mobile,
        }),
      );
      return {
        code: answer.body?.code,
        bizCode: answer.body?.resultObject?.bizCode,
        field: 'mobile',
        factors: '姓名、身份证号与手机号',
      };
    }
    const answer = await client.id2MetaVerify(
      new cloudauth.Id2MetaVerifyRequest({ paramType: 'normal', userName: person.name, identifyNum: person.idCard }),
    );
    return {
      code: answer.body?.code,
      bizCode: answer.body?.resultObject?.bizCode,
      field: 'name',
      factors: '姓名与身份证号',
    };
  }

  return {
    name: 'aliyun',
    async verify(person): Promise<VerificationResult> {
      let answer: Awaited<ReturnType<typeof ask>>;
      try {
        answer = await ask(person);
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        const detail = typeof code === 'string' && code !== '' && code !== 'undefined' ? `（${code}）` : '';
        return {
          passed: false,
          field: 'idCard',
          message: `实名核验服务暂不可用${detail}，请稍后重试`,
          transient: true,
        };
      }
      if (answer.code !== '200') {
        return {
          passed: false,
          field: 'idCard',
          message: `实名核验服务暂不可用（${answer.code ?? '无应答'}），请稍后重试`,
          transient: true,
        };
      }
      if (answer.bizCode === '1') return { passed: true };
      if (answer.bizCode === '2') return { passed: false, field: answer.field, message: `${answer.factors}不一致` };
      if (answer.bizCode === '3')
        return { passed: false, field: 'idCard', message: '实名核验查无此人，请核对身份证号' };
      return { passed: false, field: 'idCard', message: '实名核验服务暂不可用，请稍后重试', transient: true };
    },
  };
}
