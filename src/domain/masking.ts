/**
 * How payees' numbers are shown in payout records: enough to recognise a person or a card, not
 * enough to copy them. The server masks before answering, so a full number never reaches a list or an export.
 */

/** '110101199001011234' → '110101********1234' (area code and last four kept). */
export function maskIdCard(idCard: string | null | undefined): string {
  if (!idCard) return '';
  if (idCard.length <= 10) return `${idCard.slice(0, 1)}${'*'.repeat(Math.max(idCard.length - 1, 0))}`;
  return `${idCard.slice(0, 6)}${'*'.repeat(idCard.length - 10)}${idCard.slice(-4)}`;
}

/** '6222020000000012345' → '****2345' (the last four, as banks print them). */
export function maskBankCard(bankCard: string | null | undefined): string {
  if (!bankCard) return '';
  return `****${bankCard.slice(-4)}`;
}
