// The tables no entity schema owns: the inbox, the audit log, sign-in counters and sessions,
// one-time codes, the media library, saved views, the list search index, the notification
// outbox and the public pages' data version.
import type { Generated } from 'kysely';

export interface ContactMessagesTable {
  id: Generated<number>;
  /** Optimistic concurrency (migration 002): bumped by every update. */
  version: Generated<number>;
  fullName: string;
  phoneNumber: string;
  emailAddress: string;
  message: string;
  createdAt: string;
  /** 'new', 'read', 'answered', 'archived' (schema/messages.ts); 'new' by default. */
  status: Generated<string>;
  /** The admins' internal note. */
  note: Generated<string>;
}
export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  userId: number;
  userName: string;
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

/** One sign-in (migration 005); its id is the token's `sid`. */
export interface SessionsTable {
  id: Generated<number>;
  /** Optimistic concurrency for admin record actions (migration 007). */
  version: Generated<number>;
  userId: number;
  createdAt: string;
  lastSeenAt: string;
  endedAt: string | null;
  endedBy: string | null;
  userAgent: string;
  address: string;
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

export type NotificationEvent = 'enrolled' | 'paymentFailed' | 'seatOffered' | 'classTomorrow' | 'sessionMoved' | 'sessionCancelled';
export type NotificationChannel = 'sms' | 'email';
export type NotificationStatus = 'queued' | 'sending' | 'sent' | 'failed';
/** Migration 017: one message to one recipient on one channel (server/features/messaging/notifications.ts). */
export interface NotificationsTable {
  id: Generated<number>;
  version: Generated<number>;
  /** event + subject + recipient + channel: the same event never queues twice. */
  dedupeKey: string;
  event: NotificationEvent;
  channel: NotificationChannel;
  userId: number;
  /** The phone number or e-mail address as it was when queued. */
  address: string;
  subject: Generated<string>;
  body: string;
  status: Generated<NotificationStatus>;
  attempts: Generated<number>;
  nextAttemptAt: string;
  /** While `sending`: after this instant a worker that died is presumed dead and it is claimed again. */
  leaseUntil: string | null;
  /** The claim's own token, so a worker whose lease was taken over cannot record over the new one. */
  claimToken: string | null;
  lastError: Generated<string>;
  providerId: Generated<string>;
  sentAt: string | null;
  createdAt: string;
}
/** One row, the version of what the public pages show (server/features/catalogue/pageCache.ts). */
export interface PageDataVersionTable {
  id: number;
  version: number | string;
}
