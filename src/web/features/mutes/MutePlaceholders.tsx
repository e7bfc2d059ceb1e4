/** Rows shown while the mutes load (spec 1, section 9: placeholder rows 10). */
export function MutePlaceholders() {
  return (
    <ul className="mute-list mute-list--placeholder" aria-hidden="true">
      {Array.from({ length: 10 }, (_, row) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing but their position
        <li key={row} className="mute-item">
          <span className="mute-row">
            <span className="mute-skeleton mute-skeleton--wide" />
            <span className="mute-skeleton" />
          </span>
        </li>
      ))}
    </ul>
  );
}
