/**
 * The floor of an inbox row (docs/benchmarks.md, 'Inbox'): one statement run as a prepared statement
 * straight through the driver, parsed once per connection instead of once per request.
 *
 * Planned for its values every time (`plan_cache_mode = force_custom_plan`): after five runs
 * PostgreSQL may keep a generic plan, which cannot see the search term, and for a rare term walks
 * the whole created_at index instead of the trigram bitmap (PGlite, 100,000 messages: 430 ms where
 * the whole request took 90 ms). A floor slower than the request it bounds would measure nothing.
 */
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

/** Runs `text` as the prepared statement `name` (prepared on first use) with positional parameters. */
export type PreparedQuery = (name: string, text: string, params: unknown[]) => Promise<unknown>;

/** The pool's connections must start with this setting (run.ts opens it so). */
export const CUSTOM_PLANS = '-c plan_cache_mode=force_custom_plan';

/** pg's named query config: Parse once per pool connection, then Bind and Execute only. */
export function preparedOnPool(pool: pg.Pool): PreparedQuery {
  return (name, text, params) => pool.query({ name, text, values: params });
}

/**
 * PGlite's `query` parses an unnamed statement on every call and has no named form, so the closest
 * equivalent is SQL's own PREPARE once and EXECUTE with the values written as literals, one message
 * in the simple protocol. Every value goes as a quoted literal: PostgreSQL casts it to the type
 * PREPARE inferred for its parameter.
 */
export function preparedOnPglite(pglite: PGlite): PreparedQuery {
  const prepared = new Set<string>();
  return async (name, text, params) => {
    if (!prepared.has(name)) {
      // PGlite's one session is the app's too; the app sends unnamed statements, planned once each.
      if (prepared.size === 0) await pglite.exec('set plan_cache_mode = force_custom_plan');
      await pglite.exec(`prepare ${name} as ${text}`);
      prepared.add(name);
    }
    const values = params.map(literalOf).join(', ');
    return pglite.exec(params.length ? `execute ${name}(${values})` : `execute ${name}`);
  };
}

function literalOf(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  const text = value instanceof Date ? value.toISOString() : value;
  if (typeof text !== 'string' && typeof text !== 'number' && typeof text !== 'boolean') {
    throw new Error(`no literal for a parameter of type ${typeof value}`);
  }
  return `'${String(text).replaceAll("'", "''")}'`;
}
