import { describe, expect, it } from 'vitest';
import { DIVISIONS } from '../../../../server/accounts/divisions';
import {
  companyErrors,
  EMPTY_COMPANY,
  EMPTY_MOBILE,
  EMPTY_PASSWORD,
  imageFileError,
  mobileErrors,
  passwordErrors,
} from '../../../../src/pages/register/registerForms';

describe('registration forms', () => {
  it('asks for mobile and code', () => {
    expect(mobileErrors(EMPTY_MOBILE)).toEqual({ mobile: '请输入手机号', code: '请输入验证码' });
    expect(mobileErrors({ mobile: '13700001111', code: '123456' })).toEqual({});
  });

  it('checks the password and its repetition', () => {
    expect(passwordErrors(EMPTY_PASSWORD).repeat).toBe('请再次输入密码');
    expect(passwordErrors({ password: 'abc12345', repeat: 'abc12346' }).repeat).toBe('两次输入密码不一致!');
    expect(passwordErrors({ password: 'abc12345', repeat: 'abc12345' })).toEqual({});
  });

  it('checks the company form', () => {
    const errors = companyErrors({ ...EMPTY_COMPANY, name: '短' });
    expect(errors.name).toBe('请输入6-128位公司名称');
    expect(errors.licenseUrl).toBe('请上传营业执照');
    expect(errors.legalPersonName).toBe('请输入法人姓名');
    expect(errors.linkmanName).toBe('请输入联系人姓名');
    expect(errors.district).toBe('请选择区县');
    expect(companyErrors({ ...EMPTY_COMPANY, businessLicense: 'abc' }).businessLicense).toBe(
      '请输入正确的统一社会信用代码（18位数字或大写字母）',
    );
    // Typed in lower case, the code is checked as the upper case the server stores.
    expect(companyErrors({ ...EMPTY_COMPANY, businessLicense: '91330100ma27q8kl12' }).businessLicense).toBeUndefined();
  });

  it('checks the place against the administrative divisions once they are loaded', () => {
    const place = { province: '浙江省', city: '杭州市', district: '西湖区' };
    expect(companyErrors({ ...EMPTY_COMPANY, ...place }, DIVISIONS).district).toBeUndefined();
    expect(companyErrors({ ...EMPTY_COMPANY, ...place, district: '海淀区' }, DIVISIONS).district).toBe(
      '所选地区不存在，请重新选择',
    );
  });

  it('accepts only small images', () => {
    expect(imageFileError(new File(['x'], 'a.pdf'))).toBe('仅支持小于10M的图片格式上传');
    expect(imageFileError(new File(['x'], 'a.PNG'))).toBeUndefined();
  });
});
