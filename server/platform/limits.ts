// Every number that limits abuse of sign-in, sign-up and coupon codes, in one place, each with its
// reason. The contact form's own limit stays in contact.ts.
//
// Every limit "per address" keys its bucket by addressKey(request.ip), never by request.ip
// itself: an IPv6 home or phone connection is given a whole /64 and may hop between its 2^64
// addresses at will, so one such connection must count as one address. A new per-address limit
// uses addressKey too. The costly ones (SMS codes, sign-in, coupons, reset mail) count an IPv6
// client under its /56 as well (addressBudgets): a home line is often delegated a /56, 256 /64s
// to hop between. Where an address is only shown (a session's sign-in history), the full address
// is kept.
import { isIPv4, isIPv6 } from 'node:net';

/**
 * The key that one client's per-address limits share: an IPv4 address as it is; an IPv6 address
 * as its /64 prefix (`2001:db8:0:1::/64`), whatever its spelling (compressed or not, upper or
 * lower case, a zone id `%eth0`, brackets); an IPv4-mapped IPv6 address (`::ffff:192.0.2.7`, as a
 * dual-stack socket reports an IPv4 client) as the IPv4 address it maps. Anything else (never an
 * address Fastify gives) is returned as it is, so a key is always made.
 */
export function addressKey(ip: string): string {
  return addressKeys(ip)[0];
}

/**
 * The keys one client is counted under: addressKey's, then, for an IPv6 address (not an
 * IPv4-mapped one), its /56 (`2001:db8:0:100::/56`), the line its /64 is usually one of.
 */
export function addressKeys(ip: string): [string, ...string[]] {
  let address = ip.trim();
  if (address.startsWith('[') && address.endsWith(']')) address = address.slice(1, -1);
  const zone = address.indexOf('%');
  if (zone !== -1) address = address.slice(0, zone);
  if (isIPv4(address)) return [address];
  if (!isIPv6(address)) return [ip];
  const groups = ipv6Groups(address);
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = groups;
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0xffff) {
    return [[g6 >> 8, g6 & 0xff, g7 >> 8, g7 & 0xff].join('.')];
  }
  const hex = (group: number) => group.toString(16);
  return [`${[g0, g1, g2, g3].map(hex).join(':')}::/64`, `${[g0, g1, g2, g3 & 0xff00].map(hex).join(':')}::/56`];
}

/**
 * How many times one address's budget an IPv6 /56 holds over all its /64s: a household's few
 * networks (the router's main one, a guest network) stay well inside it, while a client hopping
 * over its line's 256 /64s gets this many budgets, not 256.
 */
export const lineBudgetTimes = 2;

/**
 * The budgets a per-address limit of a costly operation takes for one client, each to be passed:
 * `<name>:<addressKey>` with `limit`, and for IPv6 also `<name>:<its /56>` with lineBudgetTimes ×
 * `limit`. `suffix` follows the key (an account the pair is counted for).
 */
export function addressBudgets(name: string, ip: string, limit: number, suffix = ''): Array<{ bucket: string; limit: number }> {
  return addressKeys(ip).map((key, i) => ({ bucket: `${name}:${key}${suffix}`, limit: i === 0 ? limit : limit * lineBudgetTimes }));
}

/** The eight 16-bit groups of a valid IPv6 address (net.isIPv6), `::` and a dotted tail expanded. */
function ipv6Groups(address: string): number[] {
  const parts = (text: string): number[] =>
    text === ''
      ? []
      : text.split(':').flatMap((part) => {
          if (!part.includes('.')) return [parseInt(part, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = part.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const gap = address.indexOf('::');
  if (gap === -1) return parts(address);
  const head = parts(address.slice(0, gap));
  const tail = parts(address.slice(gap + 2));
  return [...head, ...Array.from({ length: 8 - head.length - tail.length }, () => 0), ...tail];
}

const minute = 60_000;

export const signInLimits = {
  /** Failures count against an address or account for a quarter of an hour. */
  windowMs: 15 * minute,
  /**
   * Wrong passwords from one address at one account. An owner who mistypes is well inside it; a
   * guesser at one address gets 5 tries a quarter hour (480 a day), and only that address is
   * refused: the owner elsewhere is not.
   */
  perAccountAndAddress: 5,
  /** Wrong passwords from one address over all accounts (one password sprayed over many). */
  perAddress: 20,
  /**
   * From this many failures at one account (all addresses together) every attempt at it is
   * slowed. Never refused: a hard per-account limit is what let anyone lock the owner out.
   */
  accountSlowFrom: 10,
  /** Each failure past accountSlowFrom adds this wait before the password is checked… */
  accountDelayStepMs: 500,
  /** …up to this: under any attack the owner waits at most five seconds, then gets in. */
  accountDelayMaxMs: 5_000,
  /**
   * At most this many attempts from one address wait for a place while others are checked (a
   * check takes ~1 s): correct sign-ins made at the same moment wait their turn instead of being
   * refused, while a larger burst is refused at once rather than held open.
   */
  maxQueue: 10,
  /** A queued attempt still waiting after this long is refused. */
  maxWaitMs: 10_000,
} as const;

export const signUpLimits = {
  windowMs: 60 * minute,
  /**
   * Sign-ups (accepted or answered "already registered") per address an hour. A household or a
   * shared office address signs up a few parents; an address creating accounts continuously, or
   * asking about numbers one after another, is stopped after ten.
   */
  perAddress: 10,
  /**
   * "Already registered" answers per address an hour. A real person needs one (they forgot they
   * had an account); after three the address's sign-up closes for the hour, whatever number it
   * asks about next, so the refusal itself tells nothing about that number.
   */
  takenAnswersPerAddress: 3,
  /**
   * Sign-up password hashes at once, in this process. scrypt (128 MiB, ~0.7 s) runs on libuv's
   * pool of 4 threads, which sign-in shares: one sign-up hash at a time leaves the rest to
   * sign-ins however many sign-ups arrive together.
   */
  hashConcurrency: 1,
  /** Sign-ups waiting for the hash (at most ~3 s); more at the same moment are answered 429. */
  hashQueue: 4,
} as const;

/**
 * One-time codes by SMS (server/features/identity/oneTimeCodes.ts). Every code is sent whether or not its number
 * has an account, so these count codes, never accounts, and say nothing about one.
 */
export const codeLimits = {
  /** How long a code works unless ONE_TIME_CODE_SECONDS says otherwise: an SMS can take a minute. */
  lifetimeMs: 3 * minute,
  /** The shortest and longest lifetime ONE_TIME_CODE_SECONDS may set. */
  lifetimeMinMs: minute,
  lifetimeMaxMs: 10 * minute,
  /**
   * A new code of one purpose to one number at most once a minute (the resend button counts this
   * down); a sign-in code right after the sign-up's is another purpose, and not kept waiting.
   */
  resendAfterMs: minute,
  windowMs: 60 * minute,
  /**
   * Codes to one number an hour, all purposes together: a person who mistypes or whose SMS is
   * late asks two or three times; nobody can fill a stranger's phone with more than this.
   */
  perPhone: 5,
  /**
   * Codes asked from one address an hour, whatever the numbers: each one is an SMS the academy
   * pays for. Above the sign-up limit (10) so that a shared office can still sign in by code.
   */
  perAddress: 20,
  /**
   * Uses of one code: the right code within these works, and the last wrong one voids it (a
   * guesser has 5 in a million per code, and at most 5 codes an hour per number).
   */
  triesPerCode: 5,
  /** Wrong or stale codes from one address in the window below, over all numbers, then 429. */
  wrongPerAddress: 30,
  wrongWindowMs: 15 * minute,
  /**
   * Code SMS the whole site sends an hour unless SMS_PER_HOUR says otherwise: the ceiling on what
   * many addresses together (a botnet, or IPv6 lines each within its own budget) can spend. An
   * academy signing in a few hundred parents an evening stays below it; reaching it is logged as
   * an alert for the operator, and further codes are refused until the hour has room.
   */
  sitePerHour: 300,
} as const;

/** Password reset links by e-mail (server/features/identity/oneTimeCodes.ts): each request may be a mail sent. */
export const resetMailLimits = {
  windowMs: 60 * minute,
  /** Requests for one address an hour, whether or not an account has it. */
  perEmail: 3,
  /** Requests from one client address an hour. */
  perAddress: 10,
  /** How long an e-mailed link works: short, since a mailbox is read soon or forwarded widely. */
  linkLifetimeMs: 60 * minute,
} as const;

/**
 * Coupon codes entered in the cart (POST /api/Cart/Coupon, server/features/commerce/learner.ts). Only codes refused
 * count; a code that applies gives its place back. Every refused code gets the same answer
 * (discountTexts.couponNotUsable), so these only bound how many codes can be tried.
 */
export const couponLimits = {
  windowMs: 60 * minute,
  /**
   * Refused codes per learner an hour. A parent copying a code from a message mistypes it once or
   * twice, or tries a code meant for another course; ten is far above that, and a guesser's ten
   * an hour never get through a space of six-letter codes.
   */
  perLearner: 10,
  /**
   * Refused codes from one address an hour, over all learners. A school or an office may put a
   * few parents behind one address; one person signing up many accounts (ten an hour, see
   * signUpLimits) to guess with each still gets no more than this from the address.
   */
  perAddress: 30,
} as const;

export const secondFactorLimits = {
  /** Wrong second-factor answers (codes, recovery codes, passkeys) count for a quarter hour. */
  windowMs: 15 * minute,
  /**
   * Wrong answers at one account, from anywhere. Only someone who already knows the password gets
   * this far; five tries a quarter hour at three valid six-digit codes in a million (the window
   * of ±1 step) is about one chance in 140 a day, while the owner who mistypes is well inside it.
   */
  perAccount: 5,
} as const;
