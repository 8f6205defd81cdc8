import { describe, expect, it } from 'vitest';
import { createJobScheduler, runsScheduledJobs } from '../../server/system/scheduledJobs';

describe('which processes schedule jobs', () => {
  it('on SQLite a single server and worker 1 of a cluster; other workers do not', () => {
    expect(runsScheduledJobs({})).toBe(true);
    expect(runsScheduledJobs({ WORKER_INDEX: '1' })).toBe(true);
    expect(runsScheduledJobs({ WORKER_INDEX: '2' })).toBe(false);
    expect(runsScheduledJobs({ WORKER_INDEX: '12' })).toBe(false);
  });

  it('on PostgreSQL every process, whatever its worker index (the database decides who runs each instant)', () => {
    const url = 'postgres://db.internal/app';
    expect(runsScheduledJobs({}, url)).toBe(true);
    expect(runsScheduledJobs({ WORKER_INDEX: '1' }, url)).toBe(true);
    expect(runsScheduledJobs({ WORKER_INDEX: '2' }, url)).toBe(true);
  });

  it('a scheduler that does not lead never starts a job; a leader starts and stops each one', () => {
    let starts = 0;
    let stops = 0;
    const job = () => {
      starts += 1;
      return { stop: () => (stops += 1) };
    };
    const follower = createJobScheduler(false);
    follower.schedule('autoInvoicing', job);
    expect([starts, follower.started]).toEqual([0, []]);
    const leader = createJobScheduler(true);
    leader.schedule('autoInvoicing', job);
    leader.schedule('reconciliation', () => null); // declined (RECONCILE_CRON=off)
    expect([starts, leader.started]).toEqual([1, ['autoInvoicing']]);
    leader.stopAll();
    leader.stopAll();
    expect(stops).toBe(1);
  });
});
