/** Whole points grouped by thousands like the site's money (`1500` → `1,500`); a broken value shows a dash. */
export function pointsText(points: string | bigint): string {
  const text = typeof points === 'bigint' ? points.toString() : points.trim();
  if (!/^-?[0-9]+$/.test(text)) return '—';
  return text.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** The reward's name in the page's language. */
export function nameIn(item: { nameEn: string; nameHi: string }, language: string): string {
  return language.toLowerCase().startsWith('hi') ? item.nameHi : item.nameEn;
}

/** The number a plural text picks its form by (`_one` for exactly one point). */
export function countOf(points: string): number {
  return points.trim() === '1' ? 1 : 2;
}
