// The upload machine's own rules that need no file sent: a choice of nothing, and the percent shown.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { uploadMachine, uploadPercent } from '../../src/machines/uploadMachine';

describe('upload machine without a file', () => {
  it('choosing nothing leaves the form ready with no file and no problem, even where a choice would send', () => {
    for (const startOnChoose of [true, false]) {
      const actor = createActor(uploadMachine, { input: { kind: 'image', startOnChoose } }).start();
      actor.send({ type: 'file.choose', file: null });
      expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
      expect(actor.getSnapshot().context).toMatchObject({ file: null, problem: null });
      actor.stop();
    }
  });
});

describe('the percent sent', () => {
  it('is the whole percent of the body sent, at most 100, and 0 before anything is known', () => {
    expect(uploadPercent({ loaded: 50, total: 200 })).toBe(25);
    expect(uploadPercent({ loaded: 199, total: 200 })).toBe(99);
    expect(uploadPercent({ loaded: 300, total: 200 })).toBe(100);
    expect(uploadPercent({ loaded: 5, total: 0 })).toBe(0);
  });
});
