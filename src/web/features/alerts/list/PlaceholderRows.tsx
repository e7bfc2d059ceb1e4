/** Spec 1, section 9: ten placeholder rows while the first page of alerts is on its way. */
export function PlaceholderRows({ columns }: { columns: number }) {
  return (
    <div className="alerts-placeholders" aria-hidden="true">
      {Array.from({ length: 10 }, (_, row) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed, content-free rows
        <div key={row} className="alerts-row alerts-row--placeholder">
          {Array.from({ length: columns + 1 }, (_, cell) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed, content-free cells
            <span key={cell} className="alerts-cell">
              <span className="alerts-placeholder-bar" />
            </span>
          ))}
        </div>
      ))}
    </div>
  );
}
