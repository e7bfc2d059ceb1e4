/** Rows shown while the list loads (spec 1, section 9: placeholder rows 10); the grid is aria-busy meanwhile. */
export const PLACEHOLDER_ROWS = 10;

/** Ten grey rows of `columns` cells, standing in for cases still on their way. */
export function PlaceholderRows({ columns }: { columns: number }) {
  return (
    <div className="case-placeholders" aria-hidden="true">
      {Array.from({ length: PLACEHOLDER_ROWS }, (_, row) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing but their position
        <div key={row} className="case-row case-row--placeholder">
          {Array.from({ length: columns }, (_, column) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing but their position
            <span key={column} className="case-cell">
              <span className="skeleton" />
            </span>
          ))}
        </div>
      ))}
    </div>
  );
}
