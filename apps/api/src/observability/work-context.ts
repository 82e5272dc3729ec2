import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Whose work the code running now is: a request's, or a job's (and then which request, if any,
 * queued it). A job queued while a request is answered carries that request's id; the job's log
 * lines then carry it too, beside the job's own id, so one search for a request id finds its
 * request line and every line of the work it caused, on whichever instance that work ran.
 */
type Work = { kind: 'request'; reqId: string } | { kind: 'job'; fields: JobLogFields };

/** What every line logged while a job runs says about it. */
export interface JobLogFields {
  queue: string;
  jobId: string;
  /** The request that queued the job (or the job that queued it), when there was one. */
  reqId?: string;
}

const current = new AsyncLocalStorage<Work>();

/** Runs `next` (the rest of a request's handling) as the work of request `reqId`. */
export function asRequest<T>(reqId: string, next: () => T): T {
  return current.run({ kind: 'request', reqId }, next);
}

/** Runs a job's work: what it logs and queues is the work of the request that queued it. */
export function asJob<T>(fields: JobLogFields, run: () => T): T {
  return current.run({ kind: 'job', fields }, run);
}

/** The request whose work runs now, directly or through the jobs it queued. */
export function currentRequestId(): string | undefined {
  const work = current.getStore();
  return work?.kind === 'job' ? work.fields.reqId : work?.reqId;
}

/** What a line logged outside a job gets: nothing. */
export const NO_WORK_FIELDS: Readonly<Record<string, never>> = Object.freeze({});

/**
 * The fields a log line gets from the work it is written in (pino's mixin): a job's queue, id and
 * request. A request's own lines already carry its id (Fastify's child logger), so they get none.
 */
export function workLogFields(): Readonly<JobLogFields> | Readonly<Record<string, never>> {
  const work = current.getStore();
  return work?.kind === 'job' ? work.fields : NO_WORK_FIELDS;
}
