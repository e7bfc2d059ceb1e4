/** How long a run or step took (or has taken so far, while under way), as "1 min 5 s"; null before it started. */
export function elapsed(startedAt: string | null, finishedAt: string | null, now: number): number | null {
  if (!startedAt) return null;
  const end = finishedAt ? Date.parse(finishedAt) : now;
  return Math.max(0, end - Date.parse(startedAt));
}

/** Milliseconds as whole units, largest first, at most two: "2 h 5 min", "1 min 5 s", "0.4 s". */
export function durationParts(ms: number): { unit: 'h' | 'min' | 's'; value: number }[] {
  if (ms < 1000) return [{ unit: 's', value: Math.round(ms / 100) / 10 }];
  const seconds = Math.round(ms / 1000);
  const parts = [
    { unit: 'h' as const, value: Math.floor(seconds / 3600) },
    { unit: 'min' as const, value: Math.floor((seconds % 3600) / 60) },
    { unit: 's' as const, value: seconds % 60 },
  ];
  const first = parts.findIndex((p) => p.value > 0);
  return parts.slice(first, first + 2).filter((p) => p.value > 0);
}
