import { describe, expect, it } from 'vitest';
import {
  invoiceInfoGaps,
  invoiceInfoGapText,
  invoiceInfoOfCompany,
  invoiceInfoProblem,
  mailingErrors,
} from '../../src/domain/invoiceApplication';
import { MSG } from '../../src/domain/validation';

const COMPANY = {
  invoiceTitle: '上海灵动科技有限公司',
  invoiceTaxNumber: '91310000MA1FL0ABCD',
  invoiceBank: '招商银行上海分行',
  invoiceAccount: '121909876510101',
  invoiceAddress: '上海市浦东新区世纪大道100号',
  invoicePhone: '021-55556666',
};

describe('invoice information an application copies', () => {
  it('maps the company record and accepts complete information', () => {
    const info = invoiceInfoOfCompany(COMPANY);
    expect(info).toEqual({
      title: COMPANY.invoiceTitle,
      taxNumber: COMPANY.invoiceTaxNumber,
      bankName: COMPANY.invoiceBank,
      bankAccount: COMPANY.invoiceAccount,
      address: COMPANY.invoiceAddress,
      phone: COMPANY.invoicePhone,
    });
    expect(invoiceInfoProblem(info)).toBeUndefined();
  });

  it.each([
    ['invoiceTitle', null, MSG.invoiceTitle],
    ['invoiceTitle', '抬', MSG.invoiceTitle],
    ['invoiceTaxNumber', '', MSG.taxNumber],
    ['invoiceTaxNumber', '91310000ma1fl0abcd', MSG.taxNumber],
    ['invoiceBank', '银', MSG.invoiceBank],
    ['invoiceAccount', '12345678', MSG.bankAccount],
    ['invoiceAddress', '上海', MSG.invoiceAddress],
    ['invoicePhone', '   ', MSG.invoicePhone],
  ])('%s = %o → %s', (field, value, message) => {
    expect(invoiceInfoProblem(invoiceInfoOfCompany({ ...COMPANY, [field]: value }))).toBe(message);
  });

  it('names the first broken rule in reading order', () => {
    expect(invoiceInfoProblem(invoiceInfoOfCompany({}))).toBe(MSG.invoiceTitle);
    expect(invoiceInfoProblem(invoiceInfoOfCompany({ ...COMPANY, invoiceBank: '', invoicePhone: '' }))).toBe(
      MSG.invoiceBank,
    );
  });
});

describe('mailing fields of a paper invoice', () => {
  it('needs all three, each under its shared rule', () => {
    expect(mailingErrors({})).toEqual({
      recipient: MSG.recipient,
      recipientPhone: MSG.contactPhone,
      mailAddress: MSG.address,
    });
    expect(
      mailingErrors({ recipient: '王小明', recipientPhone: '02155556666', mailAddress: '上海市浦东新区' }),
    ).toEqual({});
    expect(
      mailingErrors({ recipient: '王小明的同事们好', recipientPhone: '0215555666677', mailAddress: '上海市浦东新区' }),
    ).toEqual({
      recipient: MSG.recipient,
      recipientPhone: MSG.contactPhone,
    });
  });
});

describe('what the application page asks the merchant to complete', () => {
  it('lists every blank field and every refused one, in reading order, in words', () => {
    expect(invoiceInfoGaps(invoiceInfoOfCompany(COMPANY))).toEqual([]);
    const info = invoiceInfoOfCompany({ ...COMPANY, invoiceTitle: '', invoiceTaxNumber: '123', invoiceBank: null });
    const gaps = invoiceInfoGaps(info);
    expect(gaps.map((gap) => [gap.label, gap.missing])).toEqual([
      ['发票抬头', true],
      ['纳税人识别号', false],
      ['开户银行', true],
    ]);
    expect(invoiceInfoGapText(gaps)).toBe(`尚未填写：发票抬头、开户银行；需要修改：纳税人识别号（${MSG.taxNumber}）`);
    expect(invoiceInfoGapText(invoiceInfoGaps({}))).toBe(
      '尚未填写：发票抬头、纳税人识别号、开户银行、银行账号、开票地址、开票电话',
    );
  });
});
