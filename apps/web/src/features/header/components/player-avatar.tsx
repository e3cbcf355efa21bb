import { useState } from 'react';
import { avatarSrcOf } from '../utils/player-strip-rules.ts';
import classes from './player-strip.module.css';

type PlayerAvatarProps = { avatarUrl: string | null; size: number };

/**
 * The member's picture, or the default avatar when there is none or it fails to load (a deleted file, a
 * network error): the strip never shows a broken-image icon.
 */
export function PlayerAvatar({ avatarUrl, size }: PlayerAvatarProps) {
  const src = avatarSrcOf(avatarUrl);
  // Remembers which address failed, so a newly chosen avatar gets its own chance to load.
  const [failed, setFailed] = useState<string | null>(null);
  if (src && failed !== src) {
    return (
      <img
        src={src}
        alt=""
        width={size}
        height={size}
        className={classes.avatarImage}
        data-testid="player-avatar-image"
        onError={() => setFailed(src)}
      />
    );
  }
  return <DefaultAvatar size={size} />;
}

function DefaultAvatar({ size }: { size: number }) {
  return (
    <svg
      viewBox="0 0 40 40"
      width={size}
      height={size}
      className={classes.avatarImage}
      data-testid="player-avatar-default"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="20" cy="20" r="20" fill="var(--mantine-color-gray-3)" />
      <circle cx="20" cy="15" r="7" fill="var(--mantine-color-gray-6)" />
      <path
        d="M6.5 34c2.6-6.2 7.6-9.5 13.5-9.5S30.9 27.8 33.5 34a19.9 19.9 0 0 1-27 0Z"
        fill="var(--mantine-color-gray-6)"
      />
    </svg>
  );
}
