import { creditCodeError } from '../../domain/creditCode';
import { type Division, placeError } from '../../domain/divisions';
import {
  MSG,
  personNameError,
  validateCompanyName,
  validateImageFile,
  validateRegisterCode,
  validateRegisterMobile,
  validateRegisterPassword,
  validateRepeatPassword,
} from '../../domain/validation';

/** The three forms of the registration wizard, their empty values and their checks (pure, no React). */
export interface MobileForm {
  mobile: string;
  code: string;
}
export interface PasswordForm {
  password: string;
  repeat: string;
}
export interface CompanyForm {
  name: string;
  companyNature: string;
  industryId: string;
  companySize: string;
  businessLicense: string;
  legalPersonName: string;
  linkmanName: string;
  province: string;
  city: string;
  district: string;
  licenseUrl: string;
  licenseName: string;
  studentCardUrl: string;
  studentCardName: string;
  platformMark: '1' | '3';
}

export const EMPTY_MOBILE: MobileForm = { mobile: '', code: '' };
export const EMPTY_PASSWORD: PasswordForm = { password: '', repeat: '' };
export const EMPTY_COMPANY: CompanyForm = {
  name: '',
  companyNature: '',
  industryId: '',
  companySize: '',
  businessLicense: '',
  legalPersonName: '',
  linkmanName: '',
  province: '',
  city: '',
  district: '',
  licenseUrl: '',
  licenseName: '',
  studentCardUrl: '',
  studentCardName: '',
  platformMark: '1',
};

export const COMPANY_NATURES = ['有限责任公司', '股份有限公司', '个人独资企业', '合伙企业', '个体工商户', '其他'];
export const COMPANY_SIZES = ['1-19人', '20-99人', '100-499人', '500-999人', '1000人以上'];

export type Errors<T> = Partial<Record<keyof T, string>>;

const clean = <T>(errors: Errors<T>): Errors<T> =>
  Object.fromEntries(Object.entries(errors).filter(([, message]) => message)) as Errors<T>;

export function mobileErrors(form: MobileForm): Errors<MobileForm> {
  return clean({ mobile: validateRegisterMobile(form.mobile), code: validateRegisterCode(form.code) });
}

export function passwordErrors(form: PasswordForm): Errors<PasswordForm> {
  return clean({
    password: validateRegisterPassword(form.password),
    repeat: validateRepeatPassword(form.password)(form.repeat),
  });
}

/** `divisions` is the tree the selects offered; before it has loaded only presence is checked. */
export function companyErrors(form: CompanyForm, divisions: readonly Division[] = []): Errors<CompanyForm> {
  const place = !form.district ? '请选择区县' : divisions.length > 0 ? placeError(divisions, form) : undefined;
  return clean({
    name: validateCompanyName(form.name),
    companyNature: form.companyNature ? undefined : '请选择公司性质',
    industryId: form.industryId ? undefined : '请选择所属行业',
    companySize: form.companySize ? undefined : '请选择公司规模',
    businessLicense: creditCodeError(form.businessLicense.trim().toUpperCase()),
    legalPersonName: personNameError(form.legalPersonName, '法人姓名'),
    linkmanName: personNameError(form.linkmanName, '联系人姓名'),
    province: form.province ? undefined : '请选择省份',
    city: form.city ? undefined : '请选择城市',
    district: place,
    licenseUrl: form.licenseUrl ? undefined : '请上传营业执照',
  });
}

/** The licence and student card: jpg, jpeg or png under 10 MB (仅支持小于10M的图片格式上传). */
export function imageFileError(file: File): string | undefined {
  return validateImageFile(file.name, file.size) ? MSG.imageUpload : undefined;
}

export function hasErrors(errors: object): boolean {
  return Object.keys(errors).length > 0;
}
