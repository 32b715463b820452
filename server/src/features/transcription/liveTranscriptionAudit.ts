import type { Queryable } from '../../db/Database.js';
import { outcomeOf, type AuditFacts } from '../audit/RequestAudit.js';
import { recordAudit, type AuditOrigin } from '../audit/recordAudit.js';

/**
 * The audit row of one start_transcription: a socket event, not a request, so the row is written here with the
 * socket handshake's address and user agent. It names the patient (even when refused) and the draft, never text.
 */
export class LiveTranscriptionAudit {
  private facts: AuditFacts = {};

  constructor(
    private readonly origin: AuditOrigin,
    private readonly userId: number,
  ) {}

  /** Adds facts to the row (details are merged). */
  describe(facts: AuditFacts): void {
    this.facts = { ...this.facts, ...facts, details: { ...this.facts.details, ...facts.details } };
  }

  /** Writes the row for the outcome, given as the HTTP status the same refusal would answer. */
  async record(db: Queryable, statusCode: number): Promise<void> {
    const outcome = outcomeOf(statusCode);
    await recordAudit(db, this.origin, {
      userId: this.userId,
      action: 'transcription.live_start',
      patientId: this.facts.patientId ?? null,
      details:
        outcome === 'succeeded'
          ? { ...this.facts.details, outcome }
          : { ...this.facts.details, outcome, status: statusCode },
    });
  }
}
