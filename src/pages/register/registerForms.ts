import {
  MSG,
  validateCompanyName,
  validateImageFile,
  validateRegisterCode,
  validateRegisterMobile,
  validateRegisterPassword,
  validateRepeatPassword,
  validateTaxNumber,
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

export function companyErrors(form: CompanyForm): Errors<CompanyForm> {
  return clean({
    name: validateCompanyName(form.name),
    companyNature: form.companyNature ? undefined : '请选择公司性质',
    industryId: form.industryId ? undefined : '请选择所属行业',
    companySize: form.companySize ? undefined : '请选择公司规模',
    businessLicense: form.businessLicense.trim()
      ? validateTaxNumber(form.businessLicense.trim().toUpperCase())
      : '请输入统一社会信用代码',
    province: form.province.trim() ? undefined : '请选择所在地区',
    city: form.city.trim() ? undefined : '请选择所在地区',
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
