import type { Division } from '../../domain/divisions';
import { type CompanyForm, companyErrors, EMPTY_COMPANY, type Errors } from '../register/registerForms';

/**
 * 修改注册信息 on /adActivateMerchant (POST /api/v1/companies/register/modification/{mark}): the registration form's
 * company fields, checked by the registration form's own rules (registerForms.ts), and only what the operator
 * changed is sent.
 */
export const EDITABLE_FIELDS = [
  'name',
  'businessLicense',
  'companyNature',
  'industryId',
  'companySize',
  'legalPersonName',
  'linkmanName',
  'province',
  'city',
  'district',
] as const;
export type EditableField = (typeof EDITABLE_FIELDS)[number];
export type RegistrationEditForm = Pick<CompanyForm, EditableField>;

export const EDIT_LABELS: Readonly<Record<EditableField, string>> = {
  name: '公司名称',
  businessLicense: '统一社会信用代码',
  companyNature: '公司性质',
  industryId: '所属行业',
  companySize: '公司规模',
  legalPersonName: '法人姓名',
  linkmanName: '联系人姓名',
  province: '省份',
  city: '城市',
  district: '区县',
};
export const NOTHING_CHANGED = '注册信息没有修改';

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

/** The form as the registration record (a row of the activation list) holds it. */
export function editFormOf(record: Record<string, unknown>): RegistrationEditForm {
  return {
    name: text(record.name),
    businessLicense: text(record.businessLicense ?? record.invoiceTaxNumber),
    companyNature: text(record.companyNature),
    industryId: text(record.industryId),
    companySize: text(record.companySize),
    legalPersonName: text(record.legalPersonName),
    linkmanName: text(record.linkmanName),
    province: text(record.province),
    city: text(record.city),
    district: text(record.district),
  };
}

/** The registration form's checks on the editable fields (the licence image is not edited here). */
export function editErrors(form: RegistrationEditForm, divisions: readonly Division[]): Errors<RegistrationEditForm> {
  const errors = companyErrors({ ...EMPTY_COMPANY, ...form, licenseUrl: 'kept' }, divisions);
  return Object.fromEntries(
    Object.entries(errors).filter(([key]) => (EDITABLE_FIELDS as readonly string[]).includes(key)),
  ) as Errors<RegistrationEditForm>;
}

const normal = (field: EditableField, value: string) =>
  field === 'businessLicense' ? value.trim().toUpperCase() : value.trim();

/** The fields whose value differs from the record's; a changed place sends all three levels together. */
export function changedFields(before: RegistrationEditForm, after: RegistrationEditForm): EditableField[] {
  const changed = EDITABLE_FIELDS.filter((field) => normal(field, before[field]) !== normal(field, after[field]));
  const place = ['province', 'city', 'district'] as const;
  if (!changed.some((field) => (place as readonly string[]).includes(field))) return changed;
  return [...changed.filter((field) => !(place as readonly string[]).includes(field)), ...place];
}

/** The modification call's body: the id and the changed fields only. */
export function modificationBody(id: unknown, after: RegistrationEditForm, changed: readonly EditableField[]) {
  const body: Record<string, unknown> = { id };
  for (const field of changed) {
    body[field] = field === 'industryId' ? Number(after.industryId) : normal(field, after[field]);
  }
  return body;
}

/** 公司名称、所属行业、所在地区 for the confirmation: the place counts once. */
export function changedLabels(changed: readonly EditableField[]): string[] {
  const labels = changed.map((field) =>
    field === 'province' || field === 'city' || field === 'district' ? '所在地区' : EDIT_LABELS[field],
  );
  return [...new Set(labels)];
}
