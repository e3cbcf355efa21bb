/** The Lotus mark (same drawing as public/favicon.svg), coloured by the theme's primary colour. */
export function LotusMark({ size = 28 }: { size?: number }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 64 64"
      aria-hidden="true"
      focusable="false"
      fill="var(--mantine-primary-color-filled)"
    >
      <path d="M32 8c6 8 8 17 0 30-8-13-6-22 0-30z" />
      <path d="M10 22c10 1 17 6 20 18-12-2-18-8-20-18z" opacity=".8" />
      <path d="M54 22c-10 1-17 6-20 18 12-2 18-8 20-18z" opacity=".8" />
      <path d="M8 40c8-3 16-1 23 6-9 4-17 2-23-6zM56 40c-8-3-16-1-23 6 9 4 17 2 23-6z" opacity=".6" />
    </svg>
  );
}
