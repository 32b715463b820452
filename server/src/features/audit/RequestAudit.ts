import { MAX_ID } from '@ewrt/contract';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/Database.js';
import { recordAudit, type AuditAction } from './recordAudit.js';

/** What a route declares about its audit row (route `config.audit`). */
export interface AuditDeclaration {
  action: AuditAction;
  /** The action recorded when the call is refused or fails, when it differs (a sign-in: auth.login_failed). */
  refusedAction?: AuditAction;
  /** 'patient': the row names the patient of the route's `:id`, even when the call is refused. */
  resource:
    | 'patient'
    | 'patients'
    | 'session'
    | 'user'
    | 'users'
    | 'group'
    | 'job'
    | 'document'
    | 'documents'
    | 'structured_template'
    | 'structured_templates'
    | 'prompts'
    | 'opinions'
    | 'chat'
    | 'research'
    | 'transcription';
}

/** Facts a handler or service learnt that belong in the row. */
export interface AuditFacts {
  /** Who, when the request carries no signed-in user (a sign-in). */
  userId?: number | null;
  patientId?: number | null;
  details?: Record<string, unknown>;
}

export type AuditOutcome = 'succeeded' | 'refused' | 'failed';

export function outcomeOf(statusCode: number): AuditOutcome {
  if (statusCode < 400) return 'succeeded';
  return statusCode < 500 ? 'refused' : 'failed';
}

function patientIdFromParams(params: unknown): number | null {
  // Patient routes name it `:id`; the document routes `:patientId`.
  const named = params as { id?: unknown; patientId?: unknown } | undefined;
  const raw = named?.id ?? named?.patientId;
  const id =
    typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  return Number.isInteger(id) && id > 0 && id <= MAX_ID ? id : null;
}

/**
 * The audit row of one request, written once by the audit trail when the answer is known, or earlier, inside the
 * transaction of a change, so that the change and its row commit together.
 */
export class RequestAudit {
  private facts: AuditFacts = {};
  private readonly extraEvents: { action: AuditAction; facts: AuditFacts }[] = [];
  private successIsAnEvent = true;
  private written = false;

  constructor(
    private readonly request: FastifyRequest,
    private readonly declaration: AuditDeclaration,
  ) {}

  /** Adds facts to the row (details are merged). */
  describe(facts: AuditFacts): void {
    this.facts = {
      ...this.facts,
      ...facts,
      details: { ...this.facts.details, ...facts.details },
    };
  }

  /** Another event of the same request, recorded before the declared one (two-factor enabled while signing in). */
  also(action: AuditAction, facts: AuditFacts = {}): void {
    this.extraEvents.push({ action, facts });
  }

  /** A success that is only a step (a password accepted, two-factor still to come): refusals are still recorded. */
  skipSuccess(): void {
    this.successIsAnEvent = false;
  }

  /** Writes the success row now, on the transaction of the change it records. */
  async recordWithin(tx: Queryable): Promise<void> {
    await this.write(tx, 200);
  }

  /** Writes the row for the answer's status, unless it was written already. */
  async recordAnswer(db: Queryable, statusCode: number): Promise<void> {
    await this.write(db, statusCode);
  }

  private async write(db: Queryable, statusCode: number): Promise<void> {
    if (this.written) return;
    this.written = true;
    const outcome = outcomeOf(statusCode);
    if (outcome === 'succeeded' && !this.successIsAnEvent) return;
    const userId = this.request.authUser?.id ?? this.facts.userId ?? null;
    const patientId =
      this.facts.patientId ??
      (this.declaration.resource === 'patient' ? patientIdFromParams(this.request.params) : null);
    if (outcome === 'succeeded') {
      for (const event of this.extraEvents) {
        await recordAudit(db, this.request, {
          userId: event.facts.userId ?? userId,
          action: event.action,
          patientId: event.facts.patientId ?? patientId,
          details: { ...event.facts.details, outcome },
        });
      }
    }
    await recordAudit(db, this.request, {
      userId,
      action:
        outcome === 'succeeded'
          ? this.declaration.action
          : (this.declaration.refusedAction ?? this.declaration.action),
      patientId,
      details:
        outcome === 'succeeded'
          ? { ...this.facts.details, outcome }
          : { ...this.facts.details, outcome, status: statusCode },
    });
  }
}
