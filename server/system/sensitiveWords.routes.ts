import type { FastifyInstance } from 'fastify';
import { adSensitiveWords, topUpSideSensitiveWord } from '../../resources/sensitiveWords';
import type { AppServices } from '../appServices';
import { requireAuth } from '../auth/access';
import { recordOperation } from '../engine/operationLog';
import { ok } from '../http/envelope';
import { fail } from '../http/errors';
import { withRunClaim } from './runClaims';
import { importSensitiveWords, SENSITIVE_LISTS } from './sensitiveWords';
import { IMPORT_MAX_CHARS, importSchema } from './sensitiveWords.schemas';

/**
 * What the engine does not serve for the sensitive-word lists (sensitiveWords.binding.ts serves the rest):
 * - POST /api/v1/sensitivewords/general/import { text }   the text of a .txt file, one word a line
 *   (UI_SENSITIVE_WORDS); /topup/import for the top-up list (UI_RECHARGE_SENSITIVE_WORD). Answers
 *   { added, duplicates, tooLong }. One import per list at a time (runClaims.ts): two of the same words would both
 *   find them new and collide on the list's unique key.
 */
/** 500 000 characters as JSON, each escaped as \uXXXX at worst, above the server's 1 MB default. */
const IMPORT_BODY_LIMIT = 4 * 1024 * 1024;

const LISTS = [
  { path: 'general', listType: SENSITIVE_LISTS.general, declaration: adSensitiveWords },
  { path: 'topup', listType: SENSITIVE_LISTS.topUp, declaration: topUpSideSensitiveWord },
] as const;

export async function sensitiveWordsRoutes(app: FastifyInstance, { db }: AppServices): Promise<void> {
  for (const { path, listType, declaration } of LISTS) {
    app.post(
      `/api/v1/sensitivewords/${path}/import`,
      {
        config: { access: { permissions: declaration.permissions.create ?? declaration.permissions.list } },
        bodyLimit: IMPORT_BODY_LIMIT,
        schema: importSchema(declaration.label),
      },
      async (request) => {
        const auth = requireAuth(request);
        const body = request.body as { text?: unknown } | null;
        const text = body && typeof body === 'object' ? body.text : undefined;
        if (typeof text !== 'string' || text.trim() === '') fail('请选择要导入的文本文件（每行一个敏感词）');
        if (text.length > IMPORT_MAX_CHARS) fail('文件过大，请分批导入（每次不超过50万字）');
        const creator = [...auth.displayName].slice(0, 64).join('');
        const claim = { job: `sensitiveWords:${path}`, label: '敏感词导入', operator: auth.displayName };
        const result = await withRunClaim(db, claim, () =>
          importSensitiveWords(db, listType, text, creator, (trx, counts) =>
            recordOperation(trx, request, auth, {
              action: 'import',
              resource: declaration.name,
              changes: {
                added: [null, counts.added],
                duplicates: [null, counts.duplicates],
                tooLong: [null, counts.tooLong],
              },
            }),
          ),
        );
        const parts = [`导入 ${result.added} 个`];
        if (result.duplicates > 0) parts.push(`${result.duplicates} 个已存在或重复`);
        if (result.tooLong > 0) parts.push(`${result.tooLong} 个超过长度被跳过`);
        return ok(result, parts.join('，'));
      },
    );
  }
}
