import type pg from 'pg';

/** Distinct SQL texts given a name; the app has a few hundred, IN lists of other lengths add more. */
const MAX_NAMED = 2000;

/** Statements worth keeping: one query (no `;`) that reads or writes rows. Transaction control, DDL, SET stay plain. */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

export interface PreparedStatements {
  /** While paused (migrations change the tables) every query is sent unnamed. */
  paused: boolean;
}

/**
 * PostgreSQL parses and plans every unnamed statement anew: at 1 000 000 rows that was most of the server side of
 * a read by id (parse 0.1 ms, plan 0.45 ms, execute 0.1 ms in the statement log of bench/apiLatency.ts). This pool
 * gives each distinct SQL text Kysely sends a name of its own, so every connection parses it once and PostgreSQL
 * keeps its plan (plan_cache_mode auto: a generic plan only where it costs no more than the custom ones). Names are
 * never reused for another text (pg refuses that), and past MAX_NAMED texts the rest go unnamed, so the
 * statements kept per connection stay bounded.
 *
 * A kept statement whose table changed shape under it ("cached plan must not change result type", after DDL on a
 * running server) fails once; its text then gets a new name. Migrations pause the naming altogether.
 */
export function withPreparedStatements(pool: pg.Pool): {
  pool: Pick<pg.Pool, 'connect' | 'end'>;
  state: PreparedStatements;
} {
  const state: PreparedStatements = { paused: false };
  const names = new Map<string, string>();
  let issued = 0;
  const nameOf = (text: string): string | undefined => {
    const known = names.get(text);
    if (known !== undefined) return known;
    if (names.size >= MAX_NAMED || text.includes(';') || !PREPARABLE.test(text)) return undefined;
    issued += 1;
    const name = `lg${issued}`;
    names.set(text, name);
    return name;
  };
  const wrapped = new WeakSet<pg.PoolClient>();
  const wrap = (client: pg.PoolClient): pg.PoolClient => {
    if (wrapped.has(client)) return client;
    wrapped.add(client);
    const query = client.query.bind(client) as (...args: unknown[]) => Promise<pg.QueryResult>;
    (client as { query: unknown }).query = (text: unknown, values?: unknown, ...rest: unknown[]) => {
      const name = typeof text === 'string' && !state.paused ? nameOf(text) : undefined;
      if (name === undefined || rest.length > 0 || (values !== undefined && !Array.isArray(values))) {
        return query(text, values, ...rest);
      }
      return query({ name, text, values }).catch((error: { code?: string }) => {
        // 0A000 feature_not_supported: the kept plan's result type changed. Next time, a fresh statement.
        if (error?.code === '0A000' && names.get(text as string) === name) names.delete(text as string);
        throw error;
      });
    };
    return client;
  };
  return {
    pool: {
      connect: (async () => wrap(await pool.connect())) as pg.Pool['connect'],
      end: () => pool.end(),
    },
    state,
  };
}
