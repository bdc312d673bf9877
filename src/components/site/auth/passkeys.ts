// The browser's half of a passkey: the WebAuthn library is fetched only when a passkey is made or
// used, so no other page carries it. The server's options arrive as plain JSON; their shape is
// checked before the browser is asked.
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function isCreationOptions(value: unknown): value is PublicKeyCredentialCreationOptionsJSON {
  return isObject(value) && typeof value.challenge === 'string' && isObject(value.rp) && isObject(value.user) && Array.isArray(value.pubKeyCredParams);
}

function isRequestOptions(value: unknown): value is PublicKeyCredentialRequestOptionsJSON {
  return isObject(value) && typeof value.challenge === 'string';
}

/** A new passkey's answer to the server's creation options, or undefined when the browser cannot or the person declined. */
export async function createPasskey(options: unknown): Promise<Record<string, unknown> | undefined> {
  if (!isCreationOptions(options)) return undefined;
  const { startRegistration } = await import('@simplewebauthn/browser');
  const answer = await startRegistration({ optionsJSON: options }).catch(() => undefined);
  return answer ? { ...answer } : undefined;
}

/** A passkey's signature over the server's challenge, or undefined. */
export async function signWithPasskey(options: unknown): Promise<Record<string, unknown> | undefined> {
  if (!isRequestOptions(options)) return undefined;
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const answer = await startAuthentication({ optionsJSON: options }).catch(() => undefined);
  return answer ? { ...answer } : undefined;
}

/** Whether this browser can make or use a passkey at all. */
export const passkeysSupported = (): boolean => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
