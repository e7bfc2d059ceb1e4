import { useEffect, useState } from 'react';
import { gravatarUrl, initials } from './gravatar.ts';

/**
 * The user's picture from the avatar service (spec 1, section 2.4), falling back to initials
 * when there is none or it cannot load. Decorative: its menu button carries the name.
 */
export function Avatar({ email, name, size = 28 }: { email: string; name: string; size?: number }) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    setFailed(false);
    gravatarUrl(email, size * 2)
      .then((url) => live && setSrc(url))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [email, size]);

  const style = { width: size, height: size };
  if (failed || !src) {
    return (
      <span className="avatar avatar--initials" style={style} aria-hidden="true">
        {initials(name, email)}
      </span>
    );
  }
  return (
    <img
      className="avatar"
      src={src}
      alt=""
      width={size}
      height={size}
      style={style}
      onError={() => setFailed(true)}
    />
  );
}
