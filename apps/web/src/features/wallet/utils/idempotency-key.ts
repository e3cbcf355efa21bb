/**
 * One key per user intent (docs/wallet-contract.md "Idempotency"): made when the confirm dialog opens and
 * sent with every retry of that intent, so a double click or a retry after a lost answer moves money once.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Older browsers without randomUUID (non-secure contexts): 128 random bits from getRandomValues.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
