// What a production start refuses (NODE_ENV=production: configFromEnv in config.ts). Anyone who
// has read the repository knows the deployment template's values; a server started with one of
// them as its token key lets that reader sign an administrator's token, and a setting still saying
// CHANGE-ME is a template never filled in.

/** How an operator makes a key that passes (said in every refusal). */
export const makeSecretHint = 'make one with `openssl rand -base64 48` and put it in JWT_SECRET';

/** The mark of a value the operator was meant to replace (deploy/academy.env). */
export const templateMark = 'CHANGE-ME';

/**
 * JWT_SECRET values the repository shows as examples: deploy/academy.env's placeholder, and the
 * README's command as an EnvironmentFile would take it literally (systemd runs no shell).
 */
export const templateSecrets: readonly string[] = ['CHANGE-ME-openssl-rand-base64-48', '$(openssl rand -base64 48)', '`openssl rand -base64 48`'];

/** A key must carry at least this much chance: 32 random bytes, HS256's own key size. */
const minimumBits = 256;

/**
 * Why a key is not one of at least 32 random bytes as a generator prints them, or undefined when
 * it is. Only what a generator prints is accepted (hex, base64 or base64url: `openssl rand`,
 * `head -c 48 /dev/urandom | base64`), so its length says how many bytes it carries; a phrase a
 * person chose is not, whatever its length. Such a key also uses its alphabet as chance does:
 * among 43 or more base64 characters both letter cases appear (a run without one has odds below
 * 10⁻⁹), among 64 hex digits both digits and letters, and no fewer than half the distinct
 * characters a random string of that length shows on average.
 */
export function jwtSecretProblem(secret: string): string | undefined {
  if (templateSecrets.includes(secret.trim()) || secret.includes(templateMark)) return 'it is the deployment template\'s placeholder, known to anyone who read the repository';
  const hex = /^[0-9a-fA-F]+$/.test(secret);
  const base64 = /^[A-Za-z0-9+/_-]+={0,2}$/.test(secret);
  if (!hex && !base64) return 'it is not what a generator prints (base64, base64url or hex)';
  const symbols = secret.replace(/=+$/, '');
  const alphabet = hex ? 16 : 64;
  const bits = symbols.length * Math.log2(alphabet);
  if (bits < minimumBits) return `it carries ${Math.floor(bits / 8)} bytes; at least 32 random bytes are needed`;
  const looksRandom = hex ? /[0-9]/.test(symbols) && /[a-fA-F]/.test(symbols) : /[a-z]/.test(symbols) && /[A-Z]/.test(symbols);
  const expectedDistinct = alphabet * (1 - (1 - 1 / alphabet) ** symbols.length);
  if (!looksRandom || new Set(symbols).size < expectedDistinct / 2) return 'it does not look random (too few different characters)';
  return undefined;
}

/**
 * The reasons a production start is refused, each naming the setting (never its value): a
 * template's CHANGE-ME left in any setting, and a JWT_SECRET that is not 32 random bytes. Empty
 * when the start may go on. Without JWT_SECRET a single machine generates its key into the data
 * dir (config.ts resolveJwtSecret), which is random.
 */
export function productionRefusals(env: NodeJS.ProcessEnv): string[] {
  const refusals = Object.entries(env)
    .filter(([, value]) => value?.includes(templateMark))
    .map(([name]) => `${name} still holds the template's ${templateMark}: put the real value in`);
  // Without it a stolen password alone opens the whole academy.
  if (env.PANEL_SECOND_FACTOR === 'offered') refusals.push('PANEL_SECOND_FACTOR=offered is refused: every account that opens the panel must pass a second factor in production (leave it unset or set it to required)');
  const secret = env.JWT_SECRET;
  if (secret !== undefined && secret !== '' && !secret.includes(templateMark)) {
    const problem = jwtSecretProblem(secret);
    if (problem) refusals.push(`JWT_SECRET is refused: ${problem}`);
  }
  return refusals;
}

/** Throws, naming every refusal and how to make a key, when a production start must not go on. */
export function refuseUnsafeProduction(env: NodeJS.ProcessEnv): void {
  if (env.NODE_ENV !== 'production') return;
  const refusals = productionRefusals(env);
  if (refusals.length === 0) return;
  const keyHint = refusals.some((line) => line.startsWith('JWT_SECRET')) ? `\nFor JWT_SECRET, ${makeSecretHint} (the same on every machine).` : '';
  throw new Error(`Refusing to start: NODE_ENV=production and\n${refusals.map((line) => `  - ${line}`).join('\n')}${keyHint}`);
}
