/**
 * 代签 (spec §4): "Agent sign flag is true when any item has isCheck above 0." The items are the merchant's service
 * charge items (login answer serviceCharge, GET /api/v1/servicecharge), one per edition; an item's isCheck is
 * above 0 when a levy agent (代征主体) has signed the service agreement with the company in that edition, so the
 * agent signs (代签) for the company's payouts there. The merchant's home shows 代签：是 / 否.
 */
export interface AgentSignItem {
  isCheck?: number | null;
}

export function agentSignFlag(items: readonly AgentSignItem[] | null | undefined): boolean {
  return (items ?? []).some((item) => Number(item.isCheck ?? 0) > 0);
}
