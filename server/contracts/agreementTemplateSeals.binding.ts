import { agreementTemplateSeals } from '../../resources/agreementTemplates';
import { CODE_BUSINESS_ERROR } from '../../src/domain/codes';
import { chinaTime } from '../db/time';
import type { ActionBinding, ResourceBinding, WriteContext } from '../engine/binding';
import { BusinessError, fail } from '../http/errors';
import { lockTemplate } from './agreementTemplates.binding';

const TEMPLATE_MISSING = '模板不存在';

/** Every change to a seal runs under its template's lock (see lockTemplate). */
async function lockSealTemplate({ db, id }: WriteContext): Promise<void> {
  const seal = await db
    .selectFrom('agreement_template_seals')
    .select('template_id')
    .where('id', '=', Number(id))
    .executeTakeFirst();
  if (!seal || !(await lockTemplate(db, seal.template_id))) fail('印章不存在');
}

function statusAction(status: 0 | 1, already: string, message: string): ActionBinding {
  return {
    beforeUpdate: lockSealTemplate,
    set: () => ({ data_status: status, update_time: chinaTime() }),
    guard: { when: (eb) => eb('agreement_template_seals.data_status', '<>', status), message: already },
    message,
  };
}

/**
 * The seals of agreement templates (resources/agreementTemplates.ts) on the resource engine, guarded like the
 * templates: list with the template's name, one, add a normal seal to an existing template, void and restore.
 * Seals are never deleted on their own; a template's voided seals go with it.
 */
export const agreementTemplateSealsBinding: ResourceBinding = {
  declaration: agreementTemplateSeals,
  table: 'agreement_template_seals',
  columns: {
    templateID: 'agreement_template_seals.template_id',
    templateName: 'agreement_templates.nm',
    enterpriseID: 'agreement_template_seals.enterprise_id',
  },
  joins: [{ table: 'agreement_templates', on: ['agreement_templates.id', 'agreement_template_seals.template_id'] }],
  timestamps: { create: 'create_time', update: 'update_time' },
  insertDefaults: () => ({ data_status: 1 }),
  maxChars: { remark: 255 },
  // templateID and enterpriseID are reference fields: the engine checks both name existing records.
  // Under the template's lock: a template deleted since that check is refused like a missing one. The seal keeps
  // its enterprise's name as it was when the seal was added.
  beforeSave: async ({ db }, values) => {
    if (!(await lockTemplate(db, Number(values.template_id)))) {
      throw new BusinessError(TEMPLATE_MISSING, CODE_BUSINESS_ERROR, { errors: { templateID: TEMPLATE_MISSING } });
    }
    const enterprise = await db
      .selectFrom('enterprises')
      .select('name')
      .where('id', '=', Number(values.enterprise_id))
      .executeTakeFirst();
    return enterprise ? { enterprise_name: enterprise.name } : undefined;
  },
  actions: {
    void: statusAction(0, '印章已作废', '作废成功'),
    restore: statusAction(1, '印章已是正常状态', '恢复成功'),
  },
  messages: { notFound: '印章不存在', idLabel: '印章编号', created: '保存成功' },
};
