/**
 * The registration form's company-name lookup (GET /api/v1/companies/tianyancha): asked only from this many
 * characters on, and limited per address by the server, so it cannot list the customer base.
 */
export const COMPANY_LOOKUP_MIN_CHARS = 4;
export const COMPANY_LOOKUP_PER_IP = { windowMs: 10 * 60_000, max: 60 } as const;
