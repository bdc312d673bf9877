// The tables no entity schema owns, written by hand: the audit log, sign-in counters, password
// resets, one-time codes, the media library, saved views, the list search index and the public
// pages' data version. (The entities' tables are generated: entityTables.gen.ts.)
import type { Generated } from 'kysely';

export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  userId: number;
  userName: string;
  /** The role the change was made in: «مدیر سیستم» or the staff role's name at the time. */
  userRole: Generated<string>;
  entity: string;
  recordId: number;
  action: 'create' | 'update' | 'delete' | 'revert';
  before: string | null;
  after: string | null;
  /** The record action that wrote the entry (server/engine/audit.ts AuditVia as JSON); null for an edit. */
  via: Generated<string | null>;
}
export interface AttemptsTable {
  id: Generated<number>;
  bucket: string;
  at: string;
}


/** A one-time password reset link (migration 009); only its token's hash is kept. */
export interface PasswordResetsTable {
  id: Generated<number>;
  userId: number;
  tokenHash: string;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
  createdBy: number;
}

/** A one-time code sent by SMS (migration 016); only its keyed hash is kept. */
export interface OneTimeCodesTable {
  id: Generated<number>;
  phoneNumber: string;
  purpose: string;
  codeHash: string;
  salt: string;
  createdAt: string;
  expiresAt: string;
  tries: Generated<number>;
  usedAt: string | null;
}

export interface SignInAlertsTable {
  userId: number;
  failures: number;
  lastFailureAt: string;
}

/** The media library (migration 010): one row per stored file. */
export interface MediaTable {
  id: Generated<number>;
  kind: 'images' | 'videos';
  storedName: string;
  originalName: string;
  size: number;
  type: string;
  uploadedAt: string;
  uploaderId: number | null;
}

export interface SavedViewsTable {
  id: Generated<number>;
  userId: number;
  entity: string;
  name: string;
  query: string;
  createdAt: string;
}

export interface ListChangesTable {
  seq: Generated<number>;
  tbl: string;
  rowId: number;
}
export interface ListSearchTable {
  tbl: string;
  id: number;
  text: string;
}
export interface ListSearchMetaTable {
  tbl: string;
  signature: string;
}
export interface ListPrunedTable {
  tbl: string;
  below: number;
}

/** One row, the version of what the public pages show (server/features/catalogue/pageCache.ts). */
export interface PageDataVersionTable {
  id: number;
  version: number | string;
}
export interface CartItemsTable {
  id: Generated<number>;
  userId: number;
  childId: number;
  courseId: number;
  createdAt: string;
}
/** The last invoice number given (migration 018): one row, id 1. */
export interface InvoiceSequenceTable {
  id: number;
  last: number;
}
/** The coupon a learner entered in their cart (migration 018). */
export interface CartCouponsTable {
  userId: number;
  code: string;
  appliedAt: string;
}

/** An account's second factor (migration second_factor): the TOTP secret and its last step. */
export interface SecondFactorsTable {
  userId: number;
  totpSecret: string | null;
  pendingSecret: string | null;
  lastStep: Generated<number>;
  enrolledAt: string | null;
}
/** A one-time recovery code of the second factor; only its hash is kept. */
export interface RecoveryCodesTable {
  id: Generated<number>;
  userId: number;
  codeHash: string;
  usedAt: string | null;
}
/** A passkey (WebAuthn credential) registered as a second factor. */
export interface PasskeysTable {
  id: Generated<number>;
  userId: number;
  credentialId: string;
  publicKey: string;
  counter: Generated<number>;
  transports: Generated<string>;
  createdAt: string;
}
