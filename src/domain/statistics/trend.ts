/** The home pages' trend: the last TREND_DAYS China days, today included, oldest first (GET /api/v1/home/trend). */
export const TREND_DAYS = 30;

/** One day of the trend; amounts in 1/10000 yuan (whole fen, as the ledger holds them). */
export interface TrendDay {
  day: string;
  topupAmount: number;
  payoutAmount: number;
  chargeAmount: number;
}
