/**
 * Reading the brand's whitelabel flag tree (SPEC §3 "Whitelabel flags"). Zod-free, so the browser's first
 * bundle and every feature read flags with this one function; system.schema.ts re-exports it for the server.
 */
export type WhitelabelNode = { modId: string; enabled: '1' | '0'; childrenNodes: WhitelabelNode[] };

/** A flag anywhere in the tree; a flag under a disabled module counts as off. */
export function isFlagEnabled(tree: readonly WhitelabelNode[], modId: string): boolean {
  for (const node of tree) {
    if (node.modId === modId) return node.enabled === '1';
    if (node.enabled === '1' && isFlagEnabled(node.childrenNodes, modId)) return true;
  }
  return false;
}
