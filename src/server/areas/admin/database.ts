import type { Handler } from '../../platform/handler.ts';

/** The database kind and what this process last found of its replica's lag. */
export const getDatabaseStatus: Handler<'getDatabaseStatus'> = async (request) => {
  const replica = request.server.reads.status();
  return {
    kind: request.server.databaseKind,
    replica: {
      state: replica.state,
      lag_seconds: replica.lagSeconds === null ? null : Math.round(replica.lagSeconds * 1000) / 1000,
      max_lag_seconds: replica.maxLagSeconds,
      checked_at: replica.checkedAt?.toISOString() ?? null,
    },
  };
};
