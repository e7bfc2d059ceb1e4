import { ICON_PATHS } from './icon-paths.ts';

export type IconName = keyof typeof ICON_PATHS;

export interface IconProps {
  name: IconName;
  /** Pixels; 16 by default. */
  size?: number;
  className?: string;
}

/** An inline SVG icon; decorative, so hidden from assistive technology (label its control). */
export function Icon({ name, size = 16, className }: IconProps) {
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {ICON_PATHS[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
