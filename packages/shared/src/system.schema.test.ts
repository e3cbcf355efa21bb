import { describe, expect, it } from 'vitest';
import { isFlagEnabled, type WhitelabelNode } from './system.schema.ts';

const tree: WhitelabelNode[] = [
  {
    modId: 'LOGIN3',
    enabled: '1',
    childrenNodes: [{ modId: 'MOBILEVERCODELOGIN3', enabled: '1', childrenNodes: [] }],
  },
  {
    modId: 'REGISTER3',
    enabled: '0',
    childrenNodes: [{ modId: 'MOBILENUMREG3', enabled: '1', childrenNodes: [] }],
  },
  { modId: 'FREEPLAY3', enabled: '0', childrenNodes: [] },
];

describe('isFlagEnabled', () => {
  it('finds an enabled flag nested in an enabled parent', () => {
    expect(isFlagEnabled(tree, 'MOBILEVERCODELOGIN3')).toBe(true);
  });
  it('treats a flag under a disabled parent as off', () => {
    expect(isFlagEnabled(tree, 'MOBILENUMREG3')).toBe(false);
  });
  it('reads a disabled top-level flag and an absent flag as off', () => {
    expect(isFlagEnabled(tree, 'FREEPLAY3')).toBe(false);
    expect(isFlagEnabled(tree, 'DIRECTREG3')).toBe(false);
  });
});
