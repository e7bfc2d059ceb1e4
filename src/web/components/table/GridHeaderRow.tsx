/**
 * The header row of a virtualised div grid (react-window rows are divs, so the list is an ARIA
 * grid): one column header per label, first row of the grid.
 */
export function GridHeaderRow({ labels, className }: { labels: readonly string[]; className: string }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: the header row of a virtualised div grid
    <div role="row" tabIndex={-1} aria-rowindex={1} className={className}>
      {labels.map((label) => (
        // biome-ignore lint/a11y/useSemanticElements: a header cell of a div grid
        <span key={label} role="columnheader" tabIndex={-1}>
          {label}
        </span>
      ))}
    </div>
  );
}
