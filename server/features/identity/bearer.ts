// Who is calling: a bearer token's user, checked on every call against the database (existing,
// not locked, the same token version, the token's session not ended), so a lock-out, a demotion
// or a sign-out takes effect at once. The platform's routes ask this for every non-public call.
import type { FastifyRequest } from 'fastify';
import { requestChangeMarker, type DB } from '../../platform/db';
import type { PanelSecondFactor } from '../../platform/config';
import type { Authenticate, AuthUser, SecondFactorState } from '../../platform/http';
import { touchSession } from './signInSessions';
import { readGrants, type PanelAccess } from '../../../schema/rules/permissions';
import { administratorRole, opensAdminPanel, staffRole } from '../../../schema/rules/roles';
import type { Tokens } from './tokens';

interface UserRow {
  id: number;
  role: number;
  teacherId: number;
  /** The user's staff role, when it exists: its id, name and grants as stored. */
  staffRoleId: number | null;
  staffRoleName: string | null;
  grants: string | null;
  isLockout: number;
  tokenVersion: number;
  /** The token's session, when it is this user's: null when there is no such row. */
  sessionId: number | null;
  endedAt: string | null;
  lastSeenAt: string | null;
  /** When the session passed the second factor; null when it has not. */
  secondFactorAt: string | null;
  /** When the account first held a second factor; null when it holds none. */
  enrolledAt: string | null;
}

/**
 * Users' access rows, with the token's session, as read at one SQLite change marker (db.ts):
 * until the database changes (a write here or by any other connection or process), reading a
 * row again would give the same answer, so it is not read again. A lock-out, demotion, sign-out
 * or sign-out everywhere is a write, which moves the marker and empties this. On PostgreSQL
 * there is no marker and every call reads the row (one query: the user joined to the session).
 */
export class AccessRows {
  private marker: string | null = null;
  private readonly rows = new Map<string, UserRow | undefined>();
  /** Distinct sessions seen between two writes; past that the rows are dropped, not the check. */
  static readonly remembered = 10_000;

  constructor(private readonly db: DB) {}

  async get(request: FastifyRequest, userId: number, sessionId: number): Promise<UserRow | undefined> {
    const key = `${userId}:${sessionId}`;
    const marker = await requestChangeMarker(this.db, request);
    if (marker !== null && marker === this.marker && this.rows.has(key)) return this.rows.get(key);
    // Read after the marker, so the row is never older than the marker it is kept under.
    const row = await this.db
      .selectFrom('users')
      .leftJoin('sessions', (join) => join.onRef('sessions.userId', '=', 'users.id').on('sessions.id', '=', sessionId))
      .leftJoin('staff_roles', 'staff_roles.id', 'users.staffRoleId')
      .leftJoin('second_factors', 'second_factors.userId', 'users.id')
      .select([
        'users.id',
        'users.role',
        'users.teacherId',
        'users.isLockout',
        'users.tokenVersion',
        'staff_roles.id as staffRoleId',
        'staff_roles.name as staffRoleName',
        'staff_roles.grants',
        'sessions.id as sessionId',
        'sessions.endedAt',
        'sessions.lastSeenAt',
        'sessions.secondFactorAt',
        'second_factors.enrolledAt',
      ])
      .where('users.id', '=', userId)
      .executeTakeFirst();
    if (marker === null) return row;
    if (marker !== this.marker || this.rows.size >= AccessRows.remembered) {
      this.marker = marker;
      this.rows.clear();
    }
    this.rows.set(key, row);
    return row;
  }
}

/**
 * The signed-in user behind a bearer token: valid signature, existing, not locked, same token
 * version, and the token's session not ended.
 */
async function authenticate(request: FastifyRequest, tokens: Tokens, access: AccessRows, db: DB, mode: PanelSecondFactor): Promise<AuthUser | null> {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  if (!match?.[1]) return null;
  const claims = await tokens.verify(match[1]);
  if (!claims) return null;
  const user = await access.get(request, claims.userId, claims.sessionId);
  if (!user || user.isLockout || user.tokenVersion !== claims.version) return null;
  if (user.sessionId === null || user.endedAt !== null || user.lastSeenAt === null) return null;
  await touchSession(db, claims.sessionId, user.lastSeenAt);
  // The role and its grants are read from the database, not the token, so a demotion or a role
  // changed or revoked takes effect on the next call.
  return { id: user.id, role: user.role, sessionId: claims.sessionId, panel: panelAccess(user), secondFactor: secondFactorState(user, mode) };
}

/**
 * How far the session stands with the second factor. An account that enrolled one is always
 * asked for it; one that did not is asked to enrol only when the setting requires it. A learner
 * is never asked (the panel refuses them anyway).
 */
function secondFactorState(user: UserRow, mode: PanelSecondFactor): SecondFactorState {
  if (!opensAdminPanel(user.role) || user.secondFactorAt !== null) return 'passed';
  if (user.enrolledAt !== null) return 'verify';
  return mode === 'required' ? 'enrol' : 'passed';
}

/** What a user row may do at the panel: a staff member without an existing role holds nothing. */
function panelAccess(user: UserRow): PanelAccess {
  if (user.role === administratorRole) return { kind: 'administrator' };
  if (user.role !== staffRole || user.staffRoleId === null) return { kind: 'none' };
  return { kind: 'staff', roleId: user.staffRoleId, roleName: user.staffRoleName ?? '', grants: readGrants(user.grants), teacherId: user.teacherId > 0 ? user.teacherId : null };
}

/** The bearer check of one server: its tokens' key, and its own cache of access rows. */
export function bearerAuthentication(db: DB, tokens: Tokens, mode: PanelSecondFactor = 'required'): Authenticate {
  const access = new AccessRows(db);
  return (request) => authenticate(request, tokens, access, db, mode);
}
