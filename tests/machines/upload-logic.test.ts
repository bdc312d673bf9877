// The upload machine's own rules that need no file sent (a choice of nothing, the percent shown),
// and the media screen's error when the server gave no reason.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { MediaError } from '../../src/machines/media';
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

describe('a media call that failed', () => {
  it('carries the server’s reason, or says the call failed', () => {
    expect(new MediaError('فایل پیدا نشد')).toMatchObject({ message: 'فایل پیدا نشد', serverMessage: 'فایل پیدا نشد' });
    expect(new MediaError(undefined)).toMatchObject({ message: 'media request failed', serverMessage: undefined });
  });
});
