// @vitest-environment node
// The features' composition: each feature's behaviours plugged in in the order their `after`
// declarations give, whatever order the features are listed in; a wrong declaration stops the start.
import { describe, expect, it } from 'vitest';
import { orderBehaviours, type Behaviour } from '../../server/features/feature';
import { features } from '../../server/features/index';

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
