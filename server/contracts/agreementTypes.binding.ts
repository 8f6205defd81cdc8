import { agreementTypes } from '../../resources/agreementTypes';
import type { ResourceBinding } from '../engine/binding';

const SORT_MAX = 999_999;

/**
 * 协议类型 (resources/agreementTypes.ts) on the resource engine: platform data (no scope), list, one, create,
 * update, 启用 / 停用. A type is never deleted: contracts and templates keep its id.
 */
export const agreementTypesBinding: ResourceBinding = {
  declaration: agreementTypes,
  table: 'agreement_types',
  timestamps: { create: 'create_time', update: 'update_time' },
  insertDefaults: () => ({ sort: 0, status: 1 }),
  maxChars: { name: 32 },
  unique: { field: 'name', message: '该协议类型已存在' },
  checks: () => ({
    sort: (value) => (Number(value) < 0 || Number(value) > SORT_MAX ? `排序必须在0到${SORT_MAX}之间` : undefined),
  }),
  beforeSave: async (_context, values) => (values.sort === null ? { sort: 0 } : undefined),
  actions: {
    enable: {
      set: () => ({ status: 1 }),
      guard: { when: (eb) => eb('status', '=', 0), message: '该协议类型已启用' },
      message: '启用成功',
    },
    disable: {
      set: () => ({ status: 0 }),
      guard: { when: (eb) => eb('status', '=', 1), message: '该协议类型已停用' },
      message: '停用成功',
    },
  },
  messages: { notFound: '协议类型不存在', idLabel: '类型编号', created: '保存成功' },
};
