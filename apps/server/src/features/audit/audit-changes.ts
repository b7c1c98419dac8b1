import type { AuditChange } from '@parley/contracts';

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function join(prefix: string, key: string): string {
  return prefix ? `${prefix}.${key}` : key;
}

/** How deep the details are searched for before/after pairs: the shapes Parley writes are shallow. */
const MAX_DEPTH = 4;

/**
 * The before/after pairs an entry's details record, in the shapes Parley's writers use:
 * `{from, to}` (a role, a setting), `{before, after}` and `{before, changes}` (a fund, a rule), at any
 * depth. A pair of objects is split into the fields that differ. The path names the value inside the
 * details, without the `changes` wrapper; '' is the entry's subject itself (a role change).
 */
export function auditChangesOf(details: Json): AuditChange[] {
  const changes: AuditChange[] = [];

  const pair = (path: string, before: unknown, after: unknown) => {
    if (isObject(before) && isObject(after)) {
      for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
        if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
          changes.push({ path: join(path, key), before: before[key] ?? null, after: after[key] ?? null });
        }
      }
      return;
    }
    changes.push({ path, before: before ?? null, after: after ?? null });
  };

  const walk = (node: Json, path: string, depth: number) => {
    const keys = Object.keys(node);
    if ('from' in node && 'to' in node && keys.length <= 3) return pair(path, node.from, node.to);
    if ('before' in node && 'after' in node) return pair(path, node.before, node.after);
    if ('before' in node && isObject(node.changes)) {
      const before = isObject(node.before) ? node.before : {};
      for (const [key, after] of Object.entries(node.changes)) {
        changes.push({ path: join(path, key), before: before[key] ?? null, after });
      }
      return;
    }
    if (depth >= MAX_DEPTH) return;
    for (const key of keys) {
      const child = node[key];
      if (isObject(child)) walk(child, key === 'changes' && !path ? '' : join(path, key), depth + 1);
    }
  };

  walk(details, '', 0);
  return changes;
}
