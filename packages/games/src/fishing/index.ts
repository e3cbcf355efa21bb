/** The fishing game's maths (docs/fishing.md): one import for the server's studio and the web's screen. */
export * from './batch.ts';
export * from './fish.ts';
export * from './scene.ts';
export * from './shot.ts';
export * from './titles.ts';
