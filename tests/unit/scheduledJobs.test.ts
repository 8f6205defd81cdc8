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

describe('定时任务 in words', () => {
  it('a timing as stored reads as an operator says it (China time)', async () => {
    const { describeTiming } = await import('../../src/domain/scheduledJobs');
    expect(describeTiming('cron:20 3 * * *')).toBe('每天 03:20（北京时间）');
    expect(describeTiming('cron:30 1 * * *')).toBe('每天 01:30（北京时间）');
    expect(describeTiming('cron:0 * * * * *')).toBe('每分钟（北京时间）');
    expect(describeTiming('cron:* * * * * *')).toBe('每秒（北京时间）');
    expect(describeTiming('cron:15 30 2 * * *')).toBe('每天 02:30:15（北京时间）');
    expect(describeTiming('cron:0 9 * * 1')).toBe('0 9 * * 1（cron，北京时间）');
    expect(describeTiming('every:1000')).toBe('每 1 秒');
    expect(describeTiming('every:200')).toBe('每 200 毫秒');
    expect(describeTiming('off:LOG_RETENTION_CRON=off')).toBe('已关闭（LOG_RETENTION_CRON=off）');
  });

  it('a duration in 毫秒, 秒 or 分', async () => {
    const { durationText } = await import('../../src/domain/scheduledJobs');
    expect([durationText(null), durationText(120), durationText(1500), durationText(95_000)]).toEqual([
      '',
      '120 毫秒',
      '1.5 秒',
      '1 分 35 秒',
    ]);
  });

  it('the next run of a cron timing in China time; none when paused, looping or off', async () => {
    const { nextRunOf } = await import('../../server/system/scheduledJobs.binding');
    // 2026-03-01 12:00 China time (04:00 UTC): the next 03:20 is the following morning, whatever the server's TZ.
    const noon = new Date(Date.UTC(2026, 2, 1, 4, 0, 0));
    expect(nextRunOf('cron:20 3 * * *', false, noon)).toBe('2026-03-02 03:20:00');
    expect(nextRunOf('cron:20 3 * * *', true, noon)).toBeNull();
    expect(nextRunOf('every:1000', false, noon)).toBeNull();
    expect(nextRunOf('off:PAYOUT_AUTO=0', false, noon)).toBeNull();
  });

  it('every defined job is known, scheduled here or not', () => {
    const follower = createJobScheduler(false);
    follower.define({ name: 'logRetention', timing: { cron: '20 3 * * *' }, run: async () => 'ok' });
    follower.define({ name: 'payouts', timing: { off: 'PAYOUT_AUTO=0' }, run: async () => 'ok' });
    expect(follower.definitions().map((job) => job.name)).toEqual(['logRetention', 'payouts']);
    expect(follower.started).toEqual([]);
  });
});
