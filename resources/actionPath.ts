/**
 * A row action's path with `:id` and any other `:field` taken from the row, e.g.
 * /api/v1/companies/service_signurl/:companyId?id=:id (plain, so API tests build the same URL as the button).
 */
export function actionPath(path: string, record: Record<string, unknown>): string {
  return path.replace(/:([A-Za-z]\w*)/g, (_, field: string) => encodeURIComponent(String(record[field] ?? '')));
}
