import { describe, expect, it } from 'vitest';
import {
  actionBody,
  actionPath,
  actionQuery,
  currentAnswer,
  missingMessage,
  missingPrompts,
  shownActions,
  valuesFromRecord,
} from '../../resources/actionRequest';
import { valuesShape } from '../../resources/generator/valuesShape';
import type { ActionDeclaration, ActionPromptField, ResourceDeclaration } from '../../resources/types';

const record = { id: 42, name: '上海某某科技有限公司', platformMark: 3, verifyStatus: 0, vipLevel: 2 };

function action(overrides: Partial<ActionDeclaration>): ActionDeclaration {
  return { name: 'act', label: '动作', method: 'PUT', path: '/api/v1/things/:id', ...overrides };
}

const user = (rid: number, codes: string[]) => ({
  authorities: codes.map((authority) => ({ authority })),
  properties: { cid: null, ctyp: null, rid, cnam: '', subid: null },
});

describe('actionPath', () => {
  it('puts the record id in the path, encoded', () => {
    expect(actionPath(action({}), record)).toBe('/api/v1/things/42');
    expect(actionPath(action({}), { id: 'a/b' })).toBe('/api/v1/things/a%2Fb');
    expect(actionPath(action({ path: '/api/v1/things/verify' }), record)).toBe('/api/v1/things/verify');
  });
});

describe('actionBody', () => {
  it('sends the fixed body, then the record fields named in recordValues under their body keys', () => {
    const body = actionBody(
      action({ body: { status: 0 }, recordValues: { companyId: 'id', mark: 'platformMark' } }),
      record,
      {},
    );
    expect(body).toEqual({ status: 0, companyId: 42, mark: 3 });
  });

  it('types each answer by its prompt: text trimmed, numbers and record ids numeric, another system’s ids as given', () => {
    const prompt: ActionPromptField[] = [
      { source: 'reason', label: '原因', type: 'text' },
      { source: 'count', label: '数量', type: 'number' },
      { source: 'partnerId', label: '合伙人', type: 'reference', reference: 'partner' },
      { source: 'enterpriseIds', label: '主体', type: 'reference', reference: 'enterprise', multiple: true },
      { source: 'vipLevel', label: 'VIP等级', type: 'choice', choices: [{ id: 2, name: '优选VIP' }] },
      { source: 'crmId', label: 'CRM机构', type: 'search', search: { path: '/x', id: 'crmId', name: 'name' } },
    ];
    const body = actionBody(action({ prompt, recordValues: { id: 'id' } }), record, {
      reason: '  资料不全 ',
      count: '3',
      partnerId: '7',
      enterpriseIds: ['5', '9'],
      vipLevel: '2',
      crmId: '0012',
    });
    expect(body).toEqual({
      id: 42,
      reason: '资料不全',
      count: 3,
      partnerId: 7,
      enterpriseIds: [5, 9],
      vipLevel: 2,
      crmId: '0012',
    });
  });

  it('leaves an empty optional input out, and a multiple picker left empty sends an empty list (it clears)', () => {
    const prompt: ActionPromptField[] = [
      { source: 'managerIdCard', label: '身份证号', type: 'text' },
      { source: 'enterpriseIds', label: '主体', type: 'reference', reference: 'enterprise', multiple: true },
    ];
    expect(actionBody(action({ prompt }), record, { managerIdCard: '  ' })).toEqual({ enterpriseIds: [] });
  });

  it('lets an answer win over a record field of the same key, and the record over the fixed body', () => {
    const prompt: ActionPromptField[] = [{ source: 'id', label: '编号', type: 'number' }];
    expect(actionBody(action({ body: { id: 1 }, recordValues: { id: 'id' } }), record, {})).toEqual({ id: 42 });
    expect(actionBody(action({ prompt, recordValues: { id: 'id' } }), record, { id: '8' })).toEqual({ id: 8 });
  });
});

describe('missingPrompts', () => {
  const prompt: ActionPromptField[] = [
    { source: 'workScene', label: '工作场景', type: 'text', required: true },
    { source: 'vipLevel', label: 'VIP等级', type: 'choice', required: true },
    { source: 'note', label: '备注', type: 'text' },
    { source: 'enterpriseIds', label: '主体', type: 'reference', multiple: true, required: true },
  ];
  it('names the required single inputs left blank, with 请输入 for typed and 请选择 for picked ones', () => {
    const missing = missingPrompts(prompt, { workScene: '   ' });
    expect(missing.map((field) => field.source)).toEqual(['workScene', 'vipLevel']);
    expect(missing.map(missingMessage)).toEqual(['请输入工作场景', '请选择VIP等级']);
    expect(missingPrompts(prompt, { workScene: '骑手', vipLevel: '1' })).toEqual([]);
  });
});

describe('currentAnswer', () => {
  const single: ActionPromptField = {
    source: 'partnerId',
    label: '合伙人',
    type: 'reference',
    current: { field: 'partnerId' },
  };
  const multiple: ActionPromptField = {
    source: 'enterpriseIds',
    label: '主体',
    type: 'reference',
    multiple: true,
    current: {},
  };
  it('reads the named field, or the whole answer; records stand for their ids', () => {
    expect(currentAnswer(single, { partnerId: 7, partnerName: '某某' })).toBe('7');
    expect(currentAnswer(single, { partnerId: null })).toBeUndefined();
    expect(
      currentAnswer(multiple, [
        { id: 3, name: '甲' },
        { id: 5, name: '乙' },
      ]),
    ).toEqual(['3', '5']);
    expect(currentAnswer(multiple, [])).toEqual([]);
    expect(currentAnswer(multiple, null)).toEqual([]);
  });
});

describe('shownActions', () => {
  const declaration = {
    permissions: { list: ['UI_LIST'], edit: ['UI_EDIT'] },
    actions: [
      action({ name: 'verify', visibleWhen: { field: 'verifyStatus', in: [0] } }),
      action({ name: 'done', visibleWhen: { field: 'verifyStatus', in: [1] } }),
      action({ name: 'special', permissions: ['UI_SPECIAL'] }),
      action({ name: 'plain' }),
    ],
  } as unknown as ResourceDeclaration;
  const names = (shown: ActionDeclaration[]) => shown.map((item) => item.name);

  it('shows the actions whose row condition holds and whose codes the user has (the edit codes by default)', () => {
    expect(names(shownActions(declaration, record, user(5, ['UI_EDIT'])))).toEqual(['verify', 'plain']);
    expect(names(shownActions(declaration, record, user(5, ['UI_SPECIAL'])))).toEqual(['special']);
    expect(names(shownActions(declaration, { ...record, verifyStatus: '1' }, user(5, ['UI_EDIT'])))).toEqual([
      'done',
      'plain',
    ]);
    expect(names(shownActions(declaration, record, user(5, ['UI_LIST'])))).toEqual([]);
    expect(names(shownActions(declaration, record, null))).toEqual([]);
    // the admin role holds every code
    expect(names(shownActions(declaration, record, user(1, [])))).toEqual(['verify', 'special', 'plain']);
  });
});

describe('actionPath with other placeholders', () => {
  it('fills :id and other placeholders from the row, then from the prompt answers, encoded', () => {
    const row = { id: 12, companyId: 'a/b' };
    expect(actionPath({ path: '/api/v1/accounts/status/:companyId' }, row)).toBe('/api/v1/accounts/status/a%2Fb');
    expect(actionPath({ path: '/api/v1/enterprises/:id/industry/:industryId/delete' }, row, { industryId: '5' })).toBe(
      '/api/v1/enterprises/12/industry/5/delete',
    );
  });

  it('refuses a placeholder that neither the row nor the prompt fills', () => {
    expect(() => actionPath({ path: '/x/:missing' }, { id: 1 })).toThrow(':missing');
    expect(() => actionPath({ path: '/x/:name' }, { id: 1, name: '' })).toThrow(':name');
  });
});

describe('valuesFromRecord', () => {
  it('maps parameter names to the row’s fields, numbers kept as numbers', () => {
    expect(
      valuesFromRecord(
        { recordValues: { bacc: 'accountNumber', enterpriseId: 'id' } },
        {
          id: 3,
          accountNumber: '6222',
        },
      ),
    ).toEqual({ bacc: '6222', enterpriseId: 3 });
    expect(valuesFromRecord({}, { id: 3 })).toEqual({});
  });
});

describe('valuesShape', () => {
  it('an array (or the array under key) is rows; an object is one record; anything else an empty record', () => {
    expect(valuesShape({}, [{ a: 1 }, null])).toEqual({ rows: [{ a: 1 }] });
    expect(valuesShape({ key: 'content' }, { content: [{ a: 2 }] })).toEqual({ rows: [{ a: 2 }] });
    expect(valuesShape({}, { a: 3 })).toEqual({ record: { a: 3 } });
    expect(valuesShape({}, null)).toEqual({ record: {} });
  });
});

describe('actionQuery', () => {
  it('a GET carries the row values in its query; another method sends them in the body instead', () => {
    const get = action({ method: 'GET', query: { size: 5 }, recordValues: { bacc: 'name' } });
    expect(actionQuery(get, record)).toEqual({ size: 5, bacc: '上海某某科技有限公司' });
    expect(actionQuery(action({ query: { status: 0 }, recordValues: { id: 'id' } }), record)).toEqual({ status: 0 });
  });
});
