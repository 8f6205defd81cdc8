import type { Random } from './random';

export const CITIES = ['上海', '杭州', '深圳', '北京', '成都', '南京', '苏州', '广州', '武汉', '西安', '重庆', '合肥'];
export const WORDS = [
  '灵动',
  '众创',
  '云帆',
  '汇智',
  '博远',
  '星河',
  '启航',
  '鼎盛',
  '华信',
  '锦程',
  '蓝海',
  '优品',
  '天成',
  '智联',
  '瑞丰',
  '恒通',
];
export const TRADES = [
  '科技',
  '信息技术',
  '人力资源',
  '文化传媒',
  '电子商务',
  '物流',
  '企业管理咨询',
  '网络科技',
  '教育科技',
  '供应链管理',
];
const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '赵', '黄', '周', '吴', '徐', '孙'];
const GIVEN = ['伟', '芳', '娜', '敏', '静', '强', '磊', '洋', '艳', '杰', '涛', '明', '超', '霞'];

export function companyName(random: Random, index: number): { name: string; city: string } {
  const city = random.pick(CITIES);
  return { name: `${city}${random.pick(WORDS)}${random.pick(TRADES)}有限公司${index > 0 ? `（${index}）` : ''}`, city };
}

export function personName(random: Random): string {
  return random.pick(SURNAMES) + random.pick(GIVEN) + (random.next() < 0.5 ? random.pick(GIVEN) : '');
}

const CREDIT_ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
/** An 18-character unified social credit code shape (uppercase letters and digits). */
export function creditCode(random: Random): string {
  return `91${random.digits(6)}${Array.from({ length: 10 }, () => random.pick([...CREDIT_ALPHABET])).join('')}`;
}

export function mobile(random: Random): string {
  return `1${random.pick(['3', '5', '7', '8', '9'])}${random.digits(9)}`;
}
