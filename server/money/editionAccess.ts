import type { PlatformMark } from '../../src/domain/editions';
import { ROLE } from '../../src/domain/roles';
import { type AuthContext, holdsAny } from '../auth/access';
import { ForbiddenError, fail } from '../http/errors';

/** Codes per edition: finance views come in pairs (standard / small-scale) with a code each. */
export type EditionCodes = Readonly<Record<PlatformMark, readonly string[]>>;

/** A platformmark parameter: 1 or 3, else a business error. */
export function editionParam(raw: unknown): PlatformMark {
  const value = typeof raw === 'string' ? raw.trim() : raw;
  if (value === undefined || value === null || value === '') fail('请指定版本（platformmark）');
  if (String(value) === '1') return 1;
  if (String(value) === '3') return 3;
  fail('版本格式不正确');
}

/** Staff must hold the code of that edition's view (role 1 passes); anyone else gets 403. */
export function assertEditionAccess(auth: AuthContext, codes: EditionCodes, mark: PlatformMark): void {
  if (auth.roleId === ROLE.merchant || !holdsAny(auth, codes[mark])) {
    throw new ForbiddenError(mark === 3 ? '无权查看小规模版的资金数据' : '无权查看标准版的资金数据');
  }
}
