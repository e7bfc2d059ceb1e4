/**
 * How far a list read page by page has come ('Loaded 30 000 of 80 000'): a bar while pages
 * arrive, measured when the total is known and only busy when it is not; afterwards a note, when
 * there is one to keep (the list holds only the newest rows).
 */
export function ListLoadProgress({
  loading,
  loaded,
  expected,
  text,
}: {
  loading: boolean;
  loaded: number;
  /** What the load will reach; null when the server did not count it. */
  expected: number | null;
  /** What it says: the progress while loading, then the note (null for none). */
  text: string | null;
}) {
  if (text === null) return null;
  if (!loading) {
    return (
      <p className="muted list-progress" role="status">
        {text}
      </p>
    );
  }
  return (
    <div className="list-progress" role="status">
      {expected === null ? <progress /> : <progress max={Math.max(1, expected)} value={loaded} />}
      <span>{text}</span>
    </div>
  );
}
