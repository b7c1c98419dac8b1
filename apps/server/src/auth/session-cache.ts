import { z } from 'zod';
import type { Database } from '../db/client';
import type { Clock } from '../lib/clock';
import { sha256Hex } from '../lib/crypto';
import type { Logger } from '../lib/logger';
import {
  activeSessionOf,
  readSessionFacts,
  type SessionContext,
  type SessionFacts,
  touchSession,
} from './sessions';

/** The channel migration 0028's triggers announce session changes on. */
export const SESSION_CHANNEL = 'parley_sessions';
/** How long a session check is reused without asking the database (docs/decisions/046-session-cache.md). */
export const SESSION_CACHE_TTL_MS = 5_000;
/** Enough for every session active within the TTL; the oldest entry goes first when full. */
const MAX_ENTRIES = 10_000;
/** A LISTEN that could not start is tried again after this long, not on every request. */
const RETRY_LISTEN_MS = 5_000;

const noticeSchema = z.union([
  z.object({ session: z.string() }),
  z.object({ user: z.string() }),
  z.object({ org: z.string() }),
]);

type Entry = { facts: SessionFacts; storedAt: number };

/**
 * The session checks of one server instance, kept for SESSION_CACHE_TTL_MS so that a request costs
 * no round trip for its session (docs/decisions/046-session-cache.md). It caches only while its LISTEN
 * on SESSION_CHANNEL is in place: a change committed by any instance drops the entries it names as soon
 * as the notice arrives, a change made by a request of this instance drops every entry before that
 * request answers (forgetAll), and a check read while anything was dropped is not kept.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /** Bumped on every drop, so a check read from the database before a drop is not stored after it. */
  private generation = 0;
  private listening = false;
  private starting: Promise<void> | null = null;
  private lastAttempt = Number.NEGATIVE_INFINITY;
  private readonly monotonic: () => number;

  constructor(
    private readonly deps: {
      database: Pick<Database, 'db' | 'listen'>;
      logger: Logger;
      /** Milliseconds that only move forward (tests pass their own). */
      monotonic?: () => number;
    },
  ) {
    this.monotonic = deps.monotonic ?? (() => performance.now());
  }

  /** The active session behind a cookie token, or null (sessions.ts findActiveSession, cached). */
  async find(clock: Clock, token: string): Promise<SessionContext | null> {
    this.startListening();
    const tokenHash = sha256Hex(token);
    const now = clock.now();
    const cached = this.entries.get(tokenHash);
    let facts: SessionFacts | null;
    if (cached && this.monotonic() - cached.storedAt < SESSION_CACHE_TTL_MS) {
      facts = cached.facts;
    } else {
      const generation = this.generation;
      facts = await readSessionFacts(this.deps.database.db, tokenHash);
      if (facts && this.listening && generation === this.generation) this.store(tokenHash, facts);
    }
    const session = facts ? activeSessionOf(facts, now) : null;
    if (!facts || !session) {
      this.entries.delete(tokenHash);
      return null;
    }
    facts.lastSeenAt = await touchSession(this.deps.database.db, facts, now);
    return session;
  }

  /** Drops every entry: a request of this instance may have changed what a check reads. */
  forgetAll() {
    this.generation += 1;
    this.entries.clear();
  }

  /** Begins listening now rather than on the first request (the server's start). */
  start(): Promise<void> {
    this.starting ??= this.deps.database
      .listen(
        SESSION_CHANNEL,
        (payload) => this.onNotice(payload),
        (listening) => {
          // Notices may have been missed while the connection was down: nothing cached survives it.
          this.forgetAll();
          this.listening = listening;
        },
      )
      .then(() => {
        this.listening = true;
      })
      .catch((error: unknown) => {
        this.starting = null;
        this.deps.logger.warn('session cache: LISTEN failed; session checks read the database', {
          error: error instanceof Error ? error.message : String(error),
        });
      });
    return this.starting;
  }

  /** The number of cached checks (tests). */
  get size(): number {
    return this.entries.size;
  }

  private startListening() {
    if (this.starting || this.monotonic() - this.lastAttempt < RETRY_LISTEN_MS) return;
    this.lastAttempt = this.monotonic();
    void this.start();
  }

  private store(tokenHash: string, facts: SessionFacts) {
    this.entries.delete(tokenHash);
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(tokenHash, { facts, storedAt: this.monotonic() });
  }

  private onNotice(payload: string) {
    this.generation += 1;
    let notice: z.infer<typeof noticeSchema>;
    try {
      notice = noticeSchema.parse(JSON.parse(payload));
    } catch {
      this.entries.clear(); // a notice not understood drops everything rather than risk a stale check
      return;
    }
    for (const [tokenHash, { facts }] of this.entries) {
      const named =
        'session' in notice
          ? facts.sessionId === notice.session
          : 'user' in notice
            ? facts.userId === notice.user
            : facts.orgId === notice.org;
      if (named) this.entries.delete(tokenHash);
    }
  }
}
