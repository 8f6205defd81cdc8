/** Platform marks (spec §1): 1 standard edition, 3 small-scale edition; anything but 1 is small-scale. */
export const PLATFORM_MARK = { standard: 1, smallScale: 3 } as const;
export type PlatformMark = 1 | 3;

export const PRODUCT_NAME = '灵工结算平台';
export const SMALL_SCALE_SUFFIX = '（小规模）';

export function isSmallScale(mark: number | undefined): boolean {
  return mark !== PLATFORM_MARK.standard;
}

/** The platform name per edition from 通用设置 (/api/v1/common/settings), once the app has read it. */
let configuredNames: { 1: string; 3: string } | null = null;

export function setPlatformNames(names: { 1: string; 3: string } | null): void {
  configuredNames = names;
}

export function productTitle(mark: number | undefined): string {
  if (configuredNames) return isSmallScale(mark) ? configuredNames[3] : configuredNames[1];
  return isSmallScale(mark) ? `${PRODUCT_NAME}${SMALL_SCALE_SUFFIX}` : PRODUCT_NAME;
}

/** Only mark 3 allows switching between companies. */
export function canSwitchCompanyEdition(mark: number | undefined): boolean {
  return mark === PLATFORM_MARK.smallScale;
}

export function editionLabel(mark: number | undefined): string {
  return isSmallScale(mark) ? '小规模版' : '标准版';
}

/** Parses a platform mark from a header or query value; unknown values fall back to the standard edition. */
export function parsePlatformMark(value: unknown): PlatformMark {
  return String(value) === '3' ? 3 : 1;
}

/** Switching is offered only to a user flagged isChange in the small-scale edition (spec §2). */
export function canSwitchCompany(session: { user: { isChange?: boolean }; platformMark: number } | null): boolean {
  return !!session?.user.isChange && session.platformMark === PLATFORM_MARK.smallScale;
}

/** Spec §2: a user who may switch and has not picked a company yet sees the company-switch view, not the page. */
export function mustPickCompany(session: {
  user: { isChange?: boolean };
  platformMark: number;
  switchCompany?: boolean;
}): boolean {
  return !session.switchCompany && canSwitchCompany(session);
}
