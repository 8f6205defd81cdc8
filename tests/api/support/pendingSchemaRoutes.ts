/**
 * Routes that do not declare all their schemas yet (params, query string, body, answer, Chinese summary), by the
 * folder that registers them. tests/api/routeSchemas.test.ts fails on a route missing from this list that lacks a
 * schema, and on a listed route that has them all: convert a route (server/README.md, "Route schemas"), then delete
 * its line. The list only shrinks; nothing is ever added to it.
 */
export const PENDING_SCHEMA_ROUTES: readonly string[] = [
  // server/engine/ (1)
  'GET /api/v1/exports/:name',
  // server/enterprises/ (11)
  'DELETE /api/v1/enterprises/:id/industry/:industryId/delete',
  'GET /api/v1/enterprises',
  'GET /api/v1/enterprises/:id/industry',
  'GET /api/v1/enterprises/:id/industry/detail',
  'GET /api/v1/enterprises/all',
  'GET /api/v1/enterprises/get/:companytype/:enterpriseid/:mark',
  'GET /api/v1/enterprises/risk/:id',
  'POST /api/v1/enterprises/:id/industry',
  'POST /api/v1/enterprises/lock',
  'POST /api/v1/enterprises/rank',
  'POST /api/v1/enterpriseslevelrate/get',
  // server/operations/ (1)
  'GET /api/health',
  // server/references/ (2)
  'GET /api/v1/references/:kind/:id',
  'GET /api/v1/references/:kind/search',
  // server/statistics/ (7)
  'GET /api/v1/companies/:coid/summary/platform/:mark',
  'GET /api/v1/statistics/options',
  'GET /api/v1/statistics/reports/:report',
  'GET /api/v1/statistics/reports/:report/export',
  'GET /api/v1/statistics/tax',
  'GET /api/v1/statistics/tax/export',
  'POST /api/v1/systemtools/statistics/rebuild',
  // server/system/ (18)
  'GET /api/v1/autoinvoicing/:id/runs',
  'GET /api/v1/common/settings',
  'GET /api/v1/help/categories/options',
  'GET /api/v1/sms/codes/search',
  'GET /api/v1/system/settings',
  'GET /api/v1/system/upgradehtml/status',
  'GET /api/v1/systemtools/payouts/stuck',
  'GET /api/v1/systemtools/sms',
  'GET /api/v1/versions/public',
  'POST /api/v1/autoinvoicing/run',
  'POST /api/v1/help/articles/preview',
  'POST /api/v1/sensitivewords/general/import',
  'POST /api/v1/sensitivewords/topup/import',
  'POST /api/v1/systemtools/ledger/check',
  'POST /api/v1/systemtools/payouts/:id/rerun',
  'POST /api/v1/systemtools/sms/:id/resend',
  'PUT /api/v1/autoinvoicing/:id',
  'PUT /api/v1/system/settings',
];
