import classes from './flag-badge.module.css';

/**
 * A language's flag as a compact badge with the country's two letters. Emoji flags need a colour-emoji font
 * (absent on many Linux desktops) and flag images would need the network, so letters it is.
 */
export function FlagBadge({ country }: { country: string }) {
  return (
    <span className={classes.badge} aria-hidden="true">
      {country.toUpperCase()}
    </span>
  );
}
