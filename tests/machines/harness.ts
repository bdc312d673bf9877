// Starts the four machines of one entity the way EntityScreen wires them, with `notify` spied.
import { createActor } from 'xstate';
import type { AnyEntity } from '../../schema/define';
import { actionMachine } from '../../src/machines/actionMachine';
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
