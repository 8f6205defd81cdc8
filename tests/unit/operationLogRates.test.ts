import { describe, expect, it } from 'vitest';
import { describeOperation } from '../../server/system/operationLogText';

/** The operation log reads a rate change as people typed it: percentages, never 万分之 integers. */
describe('operation log rates', () => {
  it('shows an enterprise’s level rates and a company rate as percentages', () => {
    const enterprise = describeOperation({
      resource: 'adAgentmanagement',
      action: 'update',
      method: 'PUT',
      path: '/api/v1/enterprises/7',
      recordId: 7,
      recordTitle: '测试主体',
      changes: JSON.stringify({ rateLevel1: [600, 650], rateLevel3: [null, 5] }),
    });
    expect(enterprise.changes).toBe('普通用户费率: 6.00% → 6.50%；尊享VIP费率: 0.05%');

    const company = describeOperation({
      resource: 'adJcyHappyElimination',
      action: 'create',
      method: 'POST',
      path: '/api/v1/servicerates/company',
      recordId: 3,
      recordTitle: '上海某公司',
      changes: JSON.stringify({ rate: [null, 1000] }),
    });
    expect(company.changes).toBe('服务费率: 10.00%');
  });
});
