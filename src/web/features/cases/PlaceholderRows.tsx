/** Rows shown while the list loads (spec 1, section 9: placeholder rows 10); the table is aria-busy meanwhile. */
export const PLACEHOLDER_ROWS = 10;

/** Ten grey rows of `columns` cells, standing in for cases still on their way. */
export function PlaceholderRows({ columns }: { columns: number }) {
  return (
    <>
      {Array.from({ length: PLACEHOLDER_ROWS }, (_, row) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing but their position
        <tr key={row} className="case-row case-row--placeholder">
          {Array.from({ length: columns }, (_, column) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing but their position
            <td key={column}>
              <span className="skeleton" />
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}
