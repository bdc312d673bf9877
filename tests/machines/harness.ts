// Starts the four machines of one entity the way EntityScreen wires them, with `notify` spied.
import { createActor, waitFor as xstateWaitFor, type AnyActorRef, type SnapshotFrom } from 'xstate';
import { waitBudgetMs } from '../support/budget';
import type { AnyEntity } from '../../schema/define';
import { registry } from '../../schema/registry.gen';
import { actionMachine } from '../../src/machines/actionMachine';
import { bulkMachine } from '../../src/machines/bulkMachine';
import { deleteMachine } from '../../src/machines/deleteMachine';
import { formMachine } from '../../src/machines/formMachine';
import { listMachine } from '../../src/machines/listMachine';
import type { Notice } from '../../src/machines/notice';

export function startEntity(entity: AnyEntity) {
  const notices: Notice[] = [];
  const notify = (_: unknown, notice: Notice) => {
    notices.push(notice);
  };
  const list = createActor(listMachine.provide({ actions: { notify } }), { input: { entity } }).start();
  const form = createActor(formMachine.provide({ actions: { notify } }), { input: { entity, list } }).start();
  const remove = createActor(deleteMachine.provide({ actions: { notify } }), { input: { entity, list } }).start();
  const act = createActor(actionMachine.provide({ actions: { notify } }), { input: { entity, list } }).start();
  return { list, form, remove, act, notices };
}

/**
 * xstate's waitFor with the one wait budget, failing with the state the machine was in and the
 * state it was waited for: a broken transition reads as «entityForm stayed in {"edit":"saving"}»,
 * not as a test that ran out of time.
 */
export async function reach<T extends AnyActorRef>(actor: T, done: (snapshot: SnapshotFrom<T>) => boolean, what = 'the awaited state'): Promise<SnapshotFrom<T>> {
  try {
    return await xstateWaitFor(actor, done, { timeout: waitBudgetMs });
  } catch (error) {
    const snapshot = actor.getSnapshot();
    const state = typeof snapshot === 'object' && snapshot !== null && 'value' in snapshot ? JSON.stringify(snapshot.value) : String(snapshot);
    // A machine's own id (entityForm) says more than the actor's (x:12).
    const machine: unknown = typeof snapshot === 'object' && snapshot !== null && 'machine' in snapshot ? snapshot.machine : undefined;
    const name = typeof machine === 'object' && machine !== null && 'id' in machine && typeof machine.id === 'string' ? machine.id : actor.id;
    throw new Error(`${name} stayed in ${state} waiting for ${what}`, { cause: error });
  }
}

/** A courses list at its table with the bulk machine over it, as the screen wires them: notices kept, selection clears counted. */
export async function startBulk() {
  const notices: Notice[] = [];
  const notify = (_: unknown, notice: Notice) => void notices.push(notice);
  const list = createActor(listMachine.provide({ actions: { notify } }), { input: { entity: registry.courses } }).start();
  await reach(list, (s) => s.matches('table'), 'the course list');
  let cleared = 0;
  const actor = createActor(bulkMachine.provide({ actions: { notify, clearSelection: () => void cleared++ } }), { input: { entity: registry.courses, list } }).start();
  return { list, actor, notices, cleared: () => cleared };
}
