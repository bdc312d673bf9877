// A wait for a machine's state that, when the state never comes, fails by naming the state the
// machine stayed in, not with a bare time-out.
import { waitFor, type AnyActorRef, type SnapshotFrom } from 'xstate';
import { waitBudgetMs } from '../support/budget';

const stateOf = (snapshot: unknown): string =>
  typeof snapshot === 'object' && snapshot !== null && 'value' in snapshot ? JSON.stringify(snapshot.value) : 'an unknown state';

export async function reach<A extends AnyActorRef>(actor: A, arrived: (snapshot: SnapshotFrom<A>) => boolean, what: string): Promise<SnapshotFrom<A>> {
  try {
    return await waitFor(actor, arrived, { timeout: waitBudgetMs });
  } catch (error) {
    throw new Error(`expected ${what}, but the machine stayed in ${stateOf(actor.getSnapshot())}`, { cause: error });
  }
}
