/** A count as a badge shows it: up to 99, then "99+" so the badge keeps its size. */
export function badgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}
