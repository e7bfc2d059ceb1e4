/** Rows shown while a list loads (spec 1, section 9: 10 placeholder rows); the grid is aria-busy meanwhile. */
export const PLACEHOLDER_ROWS = 10;

/** Ten grey rows of `cells` cells, standing in for rows still on their way. */
export function ListPlaceholders({ cells }: { cells: number }) {
  return (
    <div className="list-grid__placeholders" aria-hidden="true">
      {Array.from({ length: PLACEHOLDER_ROWS }, (_, row) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing but their position
        <div key={row} className="list-grid__row list-grid__row--placeholder">
          {Array.from({ length: cells }, (_, cell) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing but their position
            <span key={cell} className="list-cell">
              <span className="skeleton" />
            </span>
          ))}
        </div>
      ))}
    </div>
  );
}
