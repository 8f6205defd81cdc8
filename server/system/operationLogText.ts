import { RESOURCES } from '../../resources';
import type { ActionDeclaration, FieldDeclaration, ResourceDeclaration } from '../../resources/types';
import { formatMoney } from '../../src/domain/money';
import { formatRate } from '../../src/domain/rates';
import { findRoute } from '../../src/domain/routes';

/**
 * The operation log in an operator's words, worked out when an entry is read, so entries
 * written before read the same way: 页面 is the page's title from the route table, 操作 a Chinese verb with the
 * record's kind (新增行业, 修改企业费率), 记录 the record's name and number, 变更内容 「字段: 旧值 → 新值」 with the
 * labels and choices of the resource declarations. Nothing here is stored; the row keeps what was written.
 */
export interface StoredOperation {
  resource: string | null;
  action: string;
  method: string;
  path: string;
  recordId: number | null;
  recordTitle: string | null;
  /** JSON of { field: [before, after] }. */
  changes: string;
}

export interface OperationText {
  page: string;
  action: string;
  record: string;
  changes: string;
}

const BY_NAME = new Map(RESOURCES.map((declaration) => [declaration.name, declaration]));

/** Every declared field by its source, first declaration first: the labels of a hand-written route's body. */
const ANY_FIELD = new Map<string, FieldDeclaration>();
for (const declaration of RESOURCES) {
  for (const field of declaration.fields) if (!ANY_FIELD.has(field.source)) ANY_FIELD.set(field.source, field);
}

/** Engine verbs and the English names some hand-written routes log; any Chinese action is shown as written. */
const VERBS: Readonly<Record<string, string>> = {
  create: '新增',
  update: '修改',
  delete: '删除',
  POST: '提交',
  PUT: '修改',
  PATCH: '修改',
  DELETE: '删除',
  import: '导入',
  assign: '分配',
  unassign: '取消分配',
  rank: '调整排序',
  download: '下载',
  downloadFile: '下载文件',
  consent: '同意',
  signLink: '生成签署链接',
  serviceSign: '服务签署',
  salepartner: '设置合伙人',
  uploadPaper: '上传纸质合同',
  statisticsRebuild: '重算统计',
  run: '执行',
  replay: '重新发送',
  resetKey: '重置密钥',
  resetpwd: '重置密码',
  addIndustry: '新增行业',
  deleteIndustry: '删除行业',
};

/** The path of a declared call as a pattern (`:id` and other parameters match one segment). */
function pathPattern(path: string): RegExp {
  const escaped = path.split('?')[0].replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped.replace(/:[A-Za-z]+/g, '[^/]+')}$`);
}

interface DeclaredCall {
  declaration: ResourceDeclaration;
  method: string;
  pattern: RegExp;
  verb: string;
  action?: ActionDeclaration;
}

const CALLS: DeclaredCall[] = RESOURCES.flatMap((declaration) => {
  const { api } = declaration;
  const calls: DeclaredCall[] = [];
  const add = (method: string, path: string | undefined, verb: string, action?: ActionDeclaration) => {
    if (path) calls.push({ declaration, method, pattern: pathPattern(path), verb, action });
  };
  add('POST', api.create, 'create');
  add(api.updateMethod ?? 'PUT', api.update, 'update');
  add('DELETE', api.delete, 'delete');
  for (const action of declaration.actions ?? []) add(action.method, action.path, action.name, action);
  return calls;
});

function declaredCall(method: string, path: string): DeclaredCall | undefined {
  return CALLS.find((call) => call.method === method && call.pattern.test(path));
}

function pageOf(declaration: ResourceDeclaration | undefined, resource: string | null): string {
  const route = findRoute(`/${declaration?.route ?? declaration?.name ?? resource ?? ''}`);
  if (route) return route.title;
  return declaration?.label ?? '—';
}

function actionOf(entry: StoredOperation, declaration: ResourceDeclaration | undefined, call?: DeclaredCall): string {
  const declared = declaration?.actions?.find((action) => action.name === entry.action) ?? call?.action;
  const kind = declaration?.label ?? '';
  if (declared) return declared.label.includes(kind) ? declared.label : `${declared.label}${kind}`;
  const verb = VERBS[entry.action];
  if (!verb) return entry.action;
  if (/^[A-Z]+$/.test(entry.action) && call) return `${VERBS[call.verb] ?? verb}${kind}`;
  return ['create', 'update', 'delete'].includes(entry.action) ? `${verb}${kind}` : verb;
}

function fieldOf(field: string, declaration: ResourceDeclaration | undefined): FieldDeclaration | undefined {
  return declaration?.fields.find((item) => item.source === field) ?? ANY_FIELD.get(field);
}

function valueText(value: unknown, field: FieldDeclaration | undefined): string {
  if (value === null || value === undefined || value === '') return '（空）';
  if (field?.choices) {
    const choice = field.choices.find((item) => String(item.id) === String(value));
    if (choice) return choice.name;
  }
  if (field?.type === 'money' && /^-?\d+$/.test(String(value))) return `${formatMoney(String(value))} 元`;
  if (field?.type === 'rate' && /^-?\d+$/.test(String(value))) return formatRate(String(value));
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function changesOf(raw: string, declaration: ResourceDeclaration | undefined): string {
  let changes: Record<string, [unknown, unknown]>;
  try {
    changes = JSON.parse(raw) as Record<string, [unknown, unknown]>;
  } catch {
    return raw;
  }
  if (changes === null || typeof changes !== 'object') return raw;
  return Object.entries(changes)
    .filter(([name, pair]) => name !== 'id' && Array.isArray(pair))
    .map(([name, [before, after]]) => {
      const field = fieldOf(name, declaration);
      const label = field?.label ?? name;
      if (before === null || before === undefined) return `${label}: ${valueText(after, field)}`;
      return `${label}: ${valueText(before, field)} → ${valueText(after, field)}`;
    })
    .join('；');
}

export function describeOperation(entry: StoredOperation): OperationText {
  const call = entry.resource ? undefined : declaredCall(entry.method, entry.path);
  const declaration = (entry.resource ? BY_NAME.get(entry.resource) : undefined) ?? call?.declaration;
  const number = entry.recordId === null ? '' : `#${entry.recordId}`;
  return {
    page: pageOf(declaration, entry.resource),
    action: actionOf(entry, declaration, call),
    record: entry.recordTitle ? `${entry.recordTitle}${number ? `（${number}）` : ''}` : number || '—',
    changes: changesOf(entry.changes, declaration),
  };
}
