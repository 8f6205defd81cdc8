import { effectiveAuthorities } from '../../src/domain/roleGrants';
import type { LoginContent, ServiceCharge } from '../../src/domain/session';
import type { ServerConfig } from '../config';
import type { Db } from '../db/database';
import { hasEligibleBatches } from '../invoices/invoiceBatches.repository';
import { currentCharges } from '../money/rates/rates.service';
import { countUnreadNotices } from '../notices/notifications.repository';
import { companyRouteFlags } from '../workers/bigBear';
import { companySwitchSettled } from './companySwitch';
import { routeExceptionsFor } from './routeExceptions';
import { subsidiaryOf } from './subsidiaryOf';
import type { TokenService } from './tokens';

/** Builds the answer of every successful login (password, SMS, switch company, SSO). */
export async function buildLoginContent(
  db: Db,
  tokens: TokenService,
  userId: number,
  sessionMark: number,
  /** The server's settings: the routes a user-id setting opens for this user (user.routeExceptions). */
  config?: ServerConfig,
): Promise<LoginContent> {
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  const [authorities, departments, company, charges, routeFlags, subid] = await Promise.all([
    db.selectFrom('user_authorities').select('authority').where('user_id', '=', userId).orderBy('authority').execute(),
    db.selectFrom('user_departments').select('department_id').where('user_id', '=', userId).execute(),
    user.company_id === null
      ? Promise.resolve(undefined)
      : db.selectFrom('companies').select(['id', 'name']).where('id', '=', user.company_id).executeTakeFirst(),
    user.company_id === null ? Promise.resolve([]) : currentCharges(db, user.company_id),
    companyRouteFlags(db, user.role_id === 2 ? user.company_id : null),
    subsidiaryOf(db, user),
  ]);
  const serviceCharge: ServiceCharge[] = charges;
  const noticeNum = user.role_id === 2 ? await countUnreadNotices(db, user.id, sessionMark) : 0;
  return {
    token: tokens.sign({
      userId: user.id,
      rid: user.role_id,
      cid: user.company_id,
      pm: sessionMark,
      tokenVersion: user.token_version,
    }),
    user: {
      id: user.id,
      username: user.username,
      mobile: user.mobile,
      createTime: user.create_time,
      isChange: user.is_change === 1,
      // The codes the server will act on (role grants applied), so the pages shown are the calls allowed.
      authorities: [
        ...effectiveAuthorities(
          user.role_id,
          subid,
          authorities.map((row) => row.authority),
        ),
      ]
        .sort()
        .map((authority) => ({ authority })),
      properties: {
        cid: user.company_id,
        ctyp: serviceCharge[0]?.companyType ?? null,
        rid: user.role_id,
        cnam: company?.name ?? user.display_name,
        subid,
      },
      routeExceptions: config ? routeExceptionsFor(config, user.id) : [],
      // A sub-account's flag rides with the company's (src/domain/permissions.ts RouteFlags.subAccount).
      routeFlags: user.parent_user_id === null ? routeFlags : { ...routeFlags, subAccount: true },
    },
    platform_mark: sessionMark,
    noticeNum,
    notInvoiceStatus:
      user.role_id === 2 && user.company_id !== null
        ? await hasEligibleBatches(db, { companyId: user.company_id, platformMark: sessionMark })
        : false,
    switchCompany: await companySwitchSettled(db, user, sessionMark),
    deptIds: departments.map((row) => row.department_id),
    serviceCharge,
  };
}
