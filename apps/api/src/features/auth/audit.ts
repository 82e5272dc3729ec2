import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/database';
import { auditEvents } from '../../db/schema';

/** What can happen to an account. Only names of fields are recorded, never their values. */
export type AuditAction =
  | 'signed_up'
  | 'signed_in'
  | 'name_changed'
  | 'date_of_birth_changed'
  | 'email_change_requested'
  | 'email_changed'
  | 'email_verified'
  | 'email_link_declined'
  | 'other_sessions_signed_out'
  | 'contact_change_reported'
  | 'withdrawals_resumed'
  | 'phone_changed'
  | 'address_added'
  | 'address_updated'
  | 'address_removed'
  | 'primary_address_changed'
  | 'card_added'
  | 'card_removed'
  | 'bank_account_added'
  | 'bank_account_removed'
  | 'account_closed';

/** Where a change came from: the session, the device and the browser. */
export interface AuditContext {
  sessionId: string | null;
  deviceHash: string | null;
  userAgent: string | null;
  ip: string | null;
}

export const noAuditContext: AuditContext = {
  sessionId: null,
  deviceHash: null,
  userAgent: null,
  ip: null,
};

const MAX_USER_AGENT = 300;
const DEVICE_ID = /^[A-Za-z0-9_-]{8,128}$/;

/**
 * The device id as kept on sessions and audit events: a hash, so no table holds the identifier a
 * browser could be followed by. A value that is not a device id is ignored, not stored.
 */
export function hashDeviceId(raw: string | string[] | undefined): string | null {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value || !DEVICE_ID.test(value)) return null;
  return createHash('sha256').update(`account-device:${value.toLowerCase()}`).digest('hex');
}

/** The request's session, read the way its route declared its auth (no session otherwise). */
function sessionOf(request: FastifyRequest): string | null {
  const auth = request.routeOptions.config.auth;
  if (auth === 'customer') return request.customer.sessionId;
  if (auth === 'customer-optional') return request.viewer?.sessionId ?? null;
  return null;
}

/** The audit context of a request: its session (when signed in), device, browser and address. */
export function auditContextOf(request: FastifyRequest): AuditContext {
  const agent = request.headers['user-agent'];
  return {
    sessionId: sessionOf(request),
    deviceHash: hashDeviceId(request.headers['x-device-id']),
    userAgent: typeof agent === 'string' ? agent.slice(0, MAX_USER_AGENT) : null,
    ip: request.ip,
  };
}

/**
 * Records what happened to a customer's account. Call it in the transaction that makes the
 * change, so a change is never without its record, nor a record without its change.
 */
export async function recordAudit(
  db: Queryable,
  userId: string,
  action: AuditAction,
  fields: readonly string[],
  context: AuditContext,
): Promise<void> {
  await db.insert(auditEvents).values({
    userId,
    action,
    fields: [...fields],
    sessionId: context.sessionId,
    deviceHash: context.deviceHash,
    userAgent: context.userAgent,
    ip: context.ip,
  });
}
