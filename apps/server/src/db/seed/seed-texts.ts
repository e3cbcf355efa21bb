/**
 * A demo text in both languages the demo brand ships (EN and HI). Its own file so demo-content.ts and the
 * text files it reads (promotions, pages, help centre, blog) share it without importing each other both ways.
 */
export type SeedTexts = { EN: string; HI: string };
