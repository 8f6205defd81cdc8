import type { DocumentTemplate } from '../esign';

/** The text of each kind of agreement (AGREEMENT_KIND); {{…}} are filled when the document is rendered. */
const COMMON_END = [
  '本协议有效期自{{startDate}}起至{{endDate}}止。期满前三十日内双方均未书面提出异议的，本协议按同等条件续期一年。',
  '双方应对在合作中知悉的对方商业秘密及灵活就业人员个人信息严格保密，并按照《中华人民共和国个人信息保护法》处理个人信息。',
  '因本协议发生的争议，双方应友好协商解决；协商不成的，任何一方可向乙方所在地有管辖权的人民法院提起诉讼。',
  '本协议以电子签章方式签署，与纸质协议具有同等法律效力。',
];

export const AGREEMENT_TEXT: Readonly<Record<number, DocumentTemplate>> = {
  1: {
    title: '{{templateName}}',
    clauses: [
      '甲方{{companyName}}委托乙方{{enterpriseName}}为其提供灵活用工综合服务，包括灵活就业人员的结算、代征个人所得税及开具发票。',
      '甲方按乙方公布的费率（{{rateText}}）向乙方支付服务费，服务费随每笔结算一并扣收。',
      '甲方保证所发放款项对应真实的业务，不以任何形式规避劳动关系或用于违法用途。',
      '乙方在收到甲方足额款项后，按甲方提交的名单向灵活就业人员结算，并依法完成税费申报。',
      ...COMMON_END,
    ],
  },
  2: {
    title: '{{templateName}}',
    clauses: [
      '甲方{{companyName}}将其部分业务（具体范围以双方确认的服务需求单为准）外包给乙方{{enterpriseName}}完成。',
      '乙方自主组织人员完成外包业务，对其人员进行管理并承担相应责任；甲方按约定标准验收服务成果。',
      '外包服务费按服务需求单结算，乙方收款后向甲方开具合规发票，服务费率为{{rateText}}。',
      ...COMMON_END,
    ],
  },
  3: {
    title: '{{templateName}}',
    clauses: [
      '乙方{{enterpriseName}}通过平台与自由职业者建立合作，甲方{{companyName}}作为需求方发布任务并确认成果。',
      '自由职业者独立承接任务，与甲方、乙方之间均不构成劳动关系；乙方负责其收入结算及个人所得税代征。',
      '甲方应如实确认任务完成情况，乙方据此结算，服务费率为{{rateText}}。',
      ...COMMON_END,
    ],
  },
  4: {
    title: '{{templateName}}',
    clauses: [
      '甲方{{companyName}}申请在乙方{{enterpriseName}}开立结算账户，用于灵活用工款项的充值与发放。',
      '乙方的结算账户开户行为{{bankName}}，账号{{bankAccount}}；甲方充值须使用对公账户转入。',
      '账户资金仅用于甲方在平台发起的结算，乙方不得挪用；账户余额可随时查询。',
      ...COMMON_END,
    ],
  },
};
