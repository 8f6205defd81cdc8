import { TASK_STATUS } from '../../../src/domain/tasks';
import type { Envelope } from './testApp';

/**
 * The race kit: fires the same call N times at once and sorts the answers. A claim that holds leaves exactly
 * one winner (1020000) and N-1 clear refusals (1040400 with a message), never a 500.
 */
export const RACERS = 8;

export interface RaceResult<T extends Pick<Envelope, 'code'> | { code?: number } = Envelope> {
  winners: T[];
  refused: T[];
}

export async function race<T extends { code?: number } = Envelope>(
  fire: () => Promise<T>,
  racers = RACERS,
): Promise<RaceResult<T>> {
  const answers = await Promise.all(Array.from({ length: racers }, () => fire()));
  const unexpected = answers.filter((answer) => answer.code !== 1020000 && answer.code !== 1040400);
  if (unexpected.length > 0) throw new Error(`unexpected answers: ${JSON.stringify(unexpected)}`);
  return {
    winners: answers.filter((answer) => answer.code === 1020000),
    refused: answers.filter((answer) => answer.code === 1040400),
  };
}

/**
 * Each action of the task declaration, in the state its guard expects, with the body it needs: the race tests walk
 * the declaration's actions, and a new action without a setup here fails them.
 */
export const TASK_ACTION_SETUPS: Record<string, { from: number; body?: Record<string, unknown> }> = {
  publish: { from: TASK_STATUS.draft },
  complete: { from: TASK_STATUS.published },
  cancel: { from: TASK_STATUS.published, body: { reason: '计划变更' } },
  settle: { from: TASK_STATUS.completed },
};
