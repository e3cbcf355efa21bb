/**
 * Players at each live table (docs/live-tables.md "Players"): the sockets of this process that follow the
 * table (`live.subscribe`). Counted per process: behind several processes each shows its own followers —
 * accepted for now, said in the docs; a shared count would need a table of sockets or a pub/sub sum.
 */
export class LiveAudience {
  readonly #counts = new Map<string, number>();

  static key(brandId: bigint, tableCode: string): string {
    return `${brandId}:${tableCode}`;
  }

  add(brandId: bigint, tableCode: string): void {
    const key = LiveAudience.key(brandId, tableCode);
    this.#counts.set(key, (this.#counts.get(key) ?? 0) + 1);
  }

  remove(brandId: bigint, tableCode: string): void {
    const key = LiveAudience.key(brandId, tableCode);
    const left = (this.#counts.get(key) ?? 0) - 1;
    if (left > 0) this.#counts.set(key, left);
    else this.#counts.delete(key);
  }

  count(brandId: bigint, tableCode: string): number {
    return this.#counts.get(LiveAudience.key(brandId, tableCode)) ?? 0;
  }
}
