/**
 * At most this many reports read their figures at once in one process. Each read holds a
 * database connection for its whole transaction (every section, one after another); the alert
 * list and the rest of the console share the same pool, so reports never take more than two of
 * its connections. (The reports lane itself runs one render-report job at a time per worker.)
 */
export const REPORT_READS_AT_ONCE = 2;

/** Runs `work` once fewer than `limit` others admitted by the same gate are running. */
export function createGate(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function admitted<T>(work: () => Promise<T>): Promise<T> {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await work();
    } finally {
      // The slot passes straight to the next in line, or is given back.
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

/** The process's gate for reports' figure reads (previews, data and runs alike). */
export const readingFigures = createGate(REPORT_READS_AT_ONCE);
