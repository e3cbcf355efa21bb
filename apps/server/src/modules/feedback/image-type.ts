/**
 * The two image formats SPEC §5 accepts for uploads. Its own file so the sniffer (image-sniff.ts) and the
 * re-encoder (image-clean.ts) share it without importing each other both ways.
 */
export type SniffedImageType = 'image/png' | 'image/jpeg';
