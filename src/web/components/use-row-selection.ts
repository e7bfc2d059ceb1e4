import { useCallback, useEffect, useMemo, useState } from 'react';

/** Rows that can be selected: anything with an id (a case, a mute). */
interface Row<Id> {
  id: Id;
}

/**
 * The selection of a list (DESIGN section 7: x selects, shift extends): ids, not positions, so
 * it survives a reload; ids that are no longer listed drop out, so a command never acts on a
 * row the user cannot see.
 */
export function useRowSelection<Id>(rows: readonly Row<Id>[]) {
  const [ids, setIds] = useState<ReadonlySet<Id>>(() => new Set());

  useEffect(() => {
    setIds((current) => {
      if (current.size === 0) return current;
      const listed = new Set(rows.map((r) => r.id));
      const kept = [...current].filter((id) => listed.has(id));
      return kept.length === current.size ? current : new Set(kept);
    });
  }, [rows]);

  const toggle = useCallback(
    (index: number) => {
      const row = rows[index];
      if (!row) return;
      setIds((current) => {
        const next = new Set(current);
        if (next.has(row.id)) next.delete(row.id);
        else next.add(row.id);
        return next;
      });
    },
    [rows],
  );
  /** Selects every row from `from` to `to`, both included, in either order. */
  const extend = useCallback(
    (from: number, to: number) => {
      const range = rows.slice(Math.min(from, to), Math.max(from, to) + 1).map((r) => r.id);
      if (range.length === 0) return;
      setIds((current) => new Set([...current, ...range]));
    },
    [rows],
  );
  const clear = useCallback(() => setIds(new Set()), []);
  return useMemo(() => ({ ids, toggle, extend, clear }), [ids, toggle, extend, clear]);
}
