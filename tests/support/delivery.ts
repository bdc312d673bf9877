// What the messaging tests ask of a refused delivery: that it is a DeliveryError, and everything
// it says (its causes too), to check no secret is in any of it.
import { expect } from 'vitest';
import { DeliveryError } from '../../server/platform/outside';

/** The rejection of a promise, which must reject with a DeliveryError. */
export async function failure(promise: Promise<unknown>): Promise<DeliveryError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(DeliveryError);
    return error as DeliveryError;
  }
  throw new Error('expected a DeliveryError, but the message was sent');
}

/** Everything an error says, its causes included, to check no secret is in any of it. */
export function allText(error: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    parts.push(String(e), e instanceof Error ? (e.stack ?? '') : '');
  }
  return parts.join('\n');
}

