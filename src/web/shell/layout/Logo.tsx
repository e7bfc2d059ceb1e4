/** The Watchfloor mark: a watch-tower beam over a floor line. */
export function Logo({ size = 22 }: { size?: number }) {
  return (
    <svg className="logo" viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <rect x="1" y="1" width="22" height="22" rx="6" fill="var(--accent)" />
      <path d="M6 17h12" stroke="var(--accent-contrast)" strokeWidth="2" strokeLinecap="round" />
      <path
        d="M7 13.5a5 5 0 0 1 10 0"
        fill="none"
        stroke="var(--accent-contrast)"
        strokeWidth="2"
        strokeLinecap="round"
      />
      <circle cx="12" cy="13.5" r="1.6" fill="var(--accent-contrast)" />
    </svg>
  );
}
