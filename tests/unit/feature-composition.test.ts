// @vitest-environment node
// The features' composition: each feature's behaviours plugged in in the order their `after`
// declarations give, whatever order the features are listed in; a wrong declaration stops the start.
// Their periodic jobs held by name, started and stopped together.
import { describe, expect, it } from 'vitest';
import { composeJobs, orderBehaviours, type Behaviour, type Job } from '../../server/features/feature';
import { features, type JobName } from '../../server/features/index';
import type { JobClock } from '../../server/platform/jobClock';

const named = (name: string, after?: string[]): Behaviour => ({ name, after, plugIn: () => undefined });
const names = (list: Behaviour[]) => list.map((b) => b.name);

describe('behaviours in a declared order', () => {
  it('puts a behaviour after those it names, and keeps the listed order otherwise', () => {
    expect(names(orderBehaviours([named('a'), named('seats', ['schedule']), named('b'), named('schedule')]))).toEqual(['a', 'schedule', 'seats', 'b']);
  });

  it('refuses an unknown name, a name twice and a circle, naming them', () => {
    expect(() => orderBehaviours([named('seats', ['schedule'])])).toThrow('seats runs after schedule, which no feature declares');
    expect(() => orderBehaviours([named('a'), named('a')])).toThrow('behaviour a is declared twice');
    expect(() => orderBehaviours([named('a', ['b']), named('b', ['a'])])).toThrow('behaviours in a circle: a → b → a');
  });

  it("the server's features: the schedule's sync is plugged in before the seats a raised capacity frees", () => {
    const order = names(orderBehaviours(features.flatMap((feature) => feature.behaviours)));
    expect(order.indexOf('schedule')).toBeGreaterThanOrEqual(0);
    expect(order.indexOf('schedule')).toBeLessThan(order.indexOf('seats'));
    expect(new Set(features.map((feature) => feature.name)).size).toBe(features.length);
  });
});

describe('jobs by name', () => {
  const job = (log: string[], name: string): Job => ({
    round: async () => void log.push(`round ${name}`),
    start: () => {
      log.push(`start ${name}`);
      return async () => void log.push(`stop ${name}`);
    },
  });
  const clock: JobClock = { every: () => () => undefined, now: () => 0 };

  it("runs one job's round by its name, and starts and stops every job together", async () => {
    const log: string[] = [];
    const jobs = composeJobs<'sweep' | 'send'>([
      ['sweep', job(log, 'sweep')],
      ['send', job(log, 'send')],
    ]);
    await jobs.round('send');
    expect(log).toEqual(['round send']);
    const stop = jobs.start(clock);
    await stop();
    expect(log).toEqual(['round send', 'start sweep', 'start send', 'stop sweep', 'stop send']);
  });

  it('refuses a name declared twice, and a name no feature runs', async () => {
    expect(() => composeJobs([['sweep', job([], 'a')], ['sweep', job([], 'b')]])).toThrow('job sweep is declared twice');
    await expect(composeJobs<string>([]).round('sweep')).rejects.toThrow('no feature runs a job named sweep');
  });

  it("the server's features: commerce's sweep and reconciliation and messaging's worker, by name", () => {
    const declared = features.flatMap((feature) => ('jobs' in feature ? [feature.name] : []));
    expect(declared.sort()).toEqual(['commerce', 'messaging']);
    const names: JobName[] = ['sweepWaitlist', 'reconcilePayments', 'sendNotifications'];
    // @ts-expect-error a job no feature declares is no JobName
    const unknown: JobName = 'sweepEverything';
    expect(names).not.toContain(unknown);
  });
});
