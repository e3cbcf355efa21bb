/** The PVP tables' maths (docs/pvp.md): one import for the server's rooms and the web's tables. */
export * from './rummy-melds.ts';
export * from './rummy-table.ts';
export * from './table-rules.ts';
export * from './teen-patti-hands.ts';
export * from './teen-patti-table.ts';
