import { describe, expect, it } from 'vitest';
import { DIVISIONS } from '../../../../server/accounts/divisions';
import {
  changedFields,
  changedLabels,
  editErrors,
  editFormOf,
  modificationBody,
} from '../../../../src/pages/registrations/registrationEdit';

/** A pending registration as the activation list answers it (server/accounts/registrations.repository.ts). */
const RECORD = {
  id: 7,
  name: '杭州云栖数字科技有限公司',
  businessLicense: '91110000600001760P',
  invoiceTaxNumber: '91110000600001760P',
  companyNature: '有限责任公司',
  industryId: 3,
  industryName: '信息技术',
  companySize: '20-99人',
  legalPersonName: '沈一舟',
  linkmanName: '林小满',
  province: '浙江省',
  city: '杭州市',
  district: '西湖区',
  licenseUrl: '/api-v1/dl?file=license.png',
  status: 0,
  platformmark: 1,
};

describe('修改注册信息', () => {
  it('starts from the record and finds nothing to send when nothing changed', () => {
    const form = editFormOf(RECORD);
    expect(form).toMatchObject({ industryId: '3', district: '西湖区' });
    expect(editErrors(form, DIVISIONS)).toEqual({});
    expect(changedFields(form, { ...form, name: ` ${form.name} ` })).toEqual([]);
    expect(changedFields(form, { ...form, businessLicense: '91110000600001760p' })).toEqual([]);
  });

  it("checks with the registration form's rules, without asking for the licence image again", () => {
    const form = editFormOf(RECORD);
    expect(editErrors({ ...form, name: '短名', businessLicense: '91110000600001760X' }, DIVISIONS)).toEqual({
      name: '请输入6-128位公司名称',
      businessLicense: expect.stringContaining('统一社会信用代码'),
    });
    expect(editErrors({ ...form, legalPersonName: '', companySize: '' }, DIVISIONS)).toEqual({
      legalPersonName: '请输入法人姓名',
      companySize: '请选择公司规模',
    });
    expect(editErrors({ ...form, city: '宁波市' }, DIVISIONS).district).toBeTruthy();
  });

  it('sends only the changed fields, the credit code upper case, the industry as a number, the place whole', () => {
    const before = editFormOf(RECORD);
    const after = {
      ...before,
      name: '杭州云栖智能科技有限公司',
      businessLicense: '91440300708461136t',
      industryId: '5',
      district: '上城区',
    };
    const changed = changedFields(before, after);
    expect(changed).toEqual(['name', 'businessLicense', 'industryId', 'province', 'city', 'district']);
    expect(modificationBody(RECORD.id, after, changed)).toEqual({
      id: 7,
      name: '杭州云栖智能科技有限公司',
      businessLicense: '91440300708461136T',
      industryId: 5,
      province: '浙江省',
      city: '杭州市',
      district: '上城区',
    });
    expect(changedLabels(changed)).toEqual(['公司名称', '统一社会信用代码', '所属行业', '所在地区']);
  });
});
