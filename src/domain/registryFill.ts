import type { Division, Place } from './divisions';

/** A business-registry record as the registration lookup answers it (天眼查 field names). */
export interface RegistryRecord {
  name: string;
  creditCode?: string;
  legalPersonName?: string;
  companyOrgType?: string;
  staffNumRange?: string;
  /** Province short name (浙江, 北京). */
  base?: string;
  city?: string;
  district?: string;
}

export interface RegistryFill extends Partial<Place> {
  name: string;
  businessLicense?: string;
  legalPersonName?: string;
  companyNature?: string;
  companySize?: string;
}

/** The choice among `options` the registry's text names: the option itself, or the one it begins with (有限责任公司(…)). */
function choice(text: string | undefined, options: readonly string[]): string | undefined {
  if (!text) return undefined;
  return options.find((option) => option === text) ?? options.find((option) => text.startsWith(option));
}

/**
 * The form fields a picked registry record fills: name, 统一社会信用代码, 法人, 公司性质 and 公司规模 when the record's
 * words are among the form's choices, and the region when it is a path of the division tree (a municipality's
 * districts sit under its 市辖区). Fields the record lacks are left as they are.
 */
export function registryFill(
  record: RegistryRecord,
  natures: readonly string[],
  sizes: readonly string[],
  tree: readonly Division[],
): RegistryFill {
  const fill: RegistryFill = { name: record.name };
  if (record.creditCode) fill.businessLicense = record.creditCode.toUpperCase();
  if (record.legalPersonName) fill.legalPersonName = record.legalPersonName;
  const nature = choice(record.companyOrgType, natures);
  if (nature) fill.companyNature = nature;
  const size = choice(record.staffNumRange, sizes);
  if (size) fill.companySize = size;
  const province = record.base ? tree.find((item) => item.name.startsWith(record.base as string)) : undefined;
  const cities = province?.children ?? [];
  const city = cities.find((item) => item.name === record.city) ?? (cities.length === 1 ? cities[0] : undefined);
  const district = city?.children?.find((item) => item.name === record.district);
  if (province && city && district)
    Object.assign(fill, { province: province.name, city: city.name, district: district.name });
  return fill;
}
