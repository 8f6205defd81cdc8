import { createHash } from 'node:crypto';
import { creditCodeCheckCharacter } from '../../../src/domain/creditCode';
import type { Db } from '../../db/database';

/**
 * The business registry (工商信息): a company's registered record in 天眼查's field names. The registration form's
 * lookup and the spec's matchinformation calls read it through this interface; REGISTRY_PROVIDER chooses the
 * implementation (devRegistry below, or tianyancha.ts).
 */
export interface RegistryCompany {
  name: string;
  /** 统一社会信用代码. */
  creditCode: string;
  legalPersonName: string;
  /** 登记状态: 存续, 在业, 注销, … */
  regStatus: string;
  /** 企业类型: 有限责任公司, … */
  companyOrgType: string;
  industry: string;
  /** 人员规模: 20-99人, … */
  staffNumRange: string;
  /** 省份简称 (浙江, 北京, …). */
  base: string;
  city: string;
  district: string;
}

export interface BusinessRegistry {
  readonly name: string;
  /** Companies whose name contains `word`, at most `limit`. */
  search(word: string, limit: number): Promise<RegistryCompany[]>;
  /** The record of the company named `keyword` (or with that credit code), null when the registry has none. */
  baseInfo(keyword: string): Promise<RegistryCompany | null>;
}

/** The development register: the same word always gives the same plausible companies. */
const SUFFIXES = ['科技有限公司', '信息技术有限公司', '商务服务有限公司'];
const PLACES = [
  { base: '浙江', city: '杭州市', district: '西湖区', code: '330106' },
  { base: '北京', city: '北京市', district: '海淀区', code: '110108' },
  { base: '上海', city: '上海市', district: '浦东新区', code: '310115' },
  { base: '广东', city: '深圳市', district: '南山区', code: '440305' },
  { base: '江苏', city: '南京市', district: '鼓楼区', code: '320106' },
];
const INDUSTRIES = ['软件和信息技术服务业', '商务服务业', '科技推广和应用服务业', '零售业'];
const STAFF = ['1-19人', '20-99人', '100-499人'];
const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何林';
const GIVEN = ['伟', '芳', '娜', '敏', '静', '磊', '洋', '勇', '军', '杰', '涛', '明', '超', '霞', '平', '刚'];
const CODE_ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';

function localRecord(name: string): RegistryCompany {
  const digest = createHash('sha256').update(name).digest();
  const place = PLACES[digest[0] % PLACES.length];
  let body = '';
  for (let index = 0; index < 9; index++) body += CODE_ALPHABET[digest[4 + index] % CODE_ALPHABET.length];
  const first17 = `91${place.code}${body}`;
  return {
    name,
    creditCode: first17 + creditCodeCheckCharacter(first17),
    legalPersonName: `${SURNAMES[digest[1] % SURNAMES.length]}${GIVEN[digest[2] % GIVEN.length]}`,
    regStatus: '存续',
    companyOrgType: name.includes('股份') ? '股份有限公司' : '有限责任公司',
    industry: INDUSTRIES[digest[3] % INDUSTRIES.length],
    staffNumRange: STAFF[digest[13] % STAFF.length],
    base: place.base,
    city: place.city,
    district: place.district,
  };
}

/** Names the local register answers for `word`: the word itself when it reads as a company name, else word+suffixes. */
function localNames(word: string): string[] {
  return /(公司|集团|厂|中心|合作社|事务所)$/.test(word) ? [word] : SUFFIXES.map((suffix) => `${word}${suffix}`);
}

/**
 * The development registry: our own companies (their name and credit code from the companies table, the rest
 * from the local register) plus the deterministic local register, so any search answers full records.
 */
export function devRegistry(db: Db): BusinessRegistry {
  const ours = async (word: string, limit: number) => {
    const rows = await db
      .selectFrom('companies')
      .select(['name', 'credit_code', 'legal_person_name'])
      .where('name', 'like', `%${word.replace(/[\\%_]/g, '')}%`)
      .orderBy('name')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      ...localRecord(row.name),
      ...(row.credit_code ? { creditCode: row.credit_code } : {}),
      ...(row.legal_person_name ? { legalPersonName: row.legal_person_name } : {}),
    }));
  };
  return {
    name: 'dev',
    async search(word, limit) {
      const found = await ours(word, limit);
      for (const name of localNames(word)) {
        if (found.length >= limit) break;
        if (!found.some((company) => company.name === name)) found.push(localRecord(name));
      }
      return found;
    },
    async baseInfo(keyword) {
      const exact = (await ours(keyword, 20)).find((company) => company.name === keyword);
      if (exact) return exact;
      return /(公司|集团|厂|中心|合作社|事务所)$/.test(keyword) ? localRecord(keyword) : null;
    },
  };
}
