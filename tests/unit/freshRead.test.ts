import { describe, expect, it } from 'vitest';
import { freshRead } from '../../server/db/freshRead';

/** A read of a value that changes: each call starts a read of `value` as it is when the read starts. */
function source() {
  const reads: { seen: number; finish: () => void }[] = [];
  let value = 0;
  const read = () =>
    new Promise<number>((resolve) => {
      const seen = value;
      reads.push({ seen, finish: () => resolve(seen) });
    });
  return {
    reads,
    read,
    set: (next: number) => {
      value = next;
    },
  };
}

describe('freshRead', () => {
  it('a caller that comes while a read is in flight gets the next read, which sees a change made before its call', async () => {
    const db = source();
    const version = freshRead(db.read);
    const first = version();
    expect(db.reads).toHaveLength(1);
    // The change commits after the first read started and before the second caller calls.
    db.set(1);
    const second = version();
    const third = version();
    expect(db.reads).toHaveLength(1);
    db.reads[0].finish();
    expect(await first).toBe(0);
    await Promise.resolve();
    await Promise.resolve();
    expect(db.reads).toHaveLength(2);
    db.reads[1].finish();
    expect(await second).toBe(1);
    expect(await third).toBe(1);
  });

  it('callers while nothing is in flight each start a read at once; a failed read fails only its callers', async () => {
    let calls = 0;
    const version = freshRead(async () => {
      calls += 1;
      if (calls === 1) throw new Error('connection lost');
      return calls;
    });
    await expect(version()).rejects.toThrow('connection lost');
    expect(await version()).toBe(2);
    expect(await version()).toBe(3);
  });
});
