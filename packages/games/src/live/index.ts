/** The live tables' maths (docs/live-tables.md): one import for the server's tables and the web's screens. */
export * from './andar-bahar.ts';
export * from './baccarat.ts';
export * from './chi-square.ts';
export * from './dragon-tiger-shoe.ts';
export * from './roads.ts';
export * from './shoe.ts';
export * from './sic-bo.ts';
