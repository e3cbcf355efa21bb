import type { SVGProps } from 'react';

/**
 * Glyphs for the social resource types the whitelabel response can carry. Simplified filled shapes, drawn
 * inline so they work offline; the link around each one carries the accessible name.
 */
export const SOCIAL_GLYPHS = {
  FACEBOOK: 'M14 8h3V4h-3c-2.8 0-4.5 1.8-4.5 4.5V11H7v4h2.5v7h4v-7H17l.5-4h-4V8.6c0-.4.2-.6.5-.6z',
  TWITTER: 'M4 3h4.6l4 5.6L17.4 3H20l-6.1 7.2L21 21h-4.6l-4.4-6.1L6.7 21H4l6.7-7.8z',
  YOUTUBE:
    'M21.6 7.2a2.7 2.7 0 0 0-1.9-1.9C18 4.9 12 4.9 12 4.9s-6 0-7.7.4a2.7 2.7 0 0 0-1.9 1.9C2 8.9 2 12 2 12s0 3.1.4 4.8a2.7 2.7 0 0 0 1.9 1.9c1.7.4 7.7.4 7.7.4s6 0 7.7-.4a2.7 2.7 0 0 0 1.9-1.9c.4-1.7.4-4.8.4-4.8s0-3.1-.4-4.8zM10 15.2V8.8l5.2 3.2z',
  TELEGRAM:
    'M21.2 4.2 2.9 11.3c-1.2.5-1.2 1.2-.2 1.5l4.7 1.5 1.8 5.6c.2.6.4.8.9.8.4 0 .6-.2.9-.4l2.2-2.1 4.6 3.4c.8.5 1.4.2 1.6-.8l3-14.2c.3-1.2-.5-1.8-1.2-1.4zM9.6 14.6l-.4 3.8-1.4-4.6 9.7-6.1z',
  WHATSAPP:
    'M12 2.5A9.5 9.5 0 0 0 3.8 16.8L2.5 21.5l4.8-1.3A9.5 9.5 0 1 0 12 2.5zm4.7 13.3c-.2.6-1.2 1.2-1.7 1.2-.5.1-1 .2-3.3-.7-2.8-1.1-4.5-3.9-4.7-4.1-.1-.2-1.1-1.5-1.1-2.8s.7-2 1-2.3c.2-.3.5-.3.7-.3h.5c.2 0 .4 0 .6.5l.9 2.1c.1.2.1.3 0 .5l-.3.5-.4.4c-.1.1-.3.3-.1.6.2.3.7 1.2 1.5 1.9 1 .9 1.9 1.2 2.2 1.3.3.1.4.1.6-.1l.8-1c.2-.3.4-.2.6-.1l2 1c.3.1.5.2.5.3.1.1.1.6-.1 1.2z',
  THREADS:
    'M16.7 11.2c-.1 0-.2-.1-.3-.1-.2-3-1.8-4.7-4.5-4.7-1.6 0-3 .7-3.8 2l1.5 1c.6-.9 1.5-1.1 2.3-1.1 1 0 1.7.3 2.2.9.3.4.5 1 .6 1.7a10 10 0 0 0-2.5-.1c-2.5.1-4.1 1.6-4 3.6.1 1 .6 1.9 1.4 2.5.7.4 1.6.7 2.5.6 1.3-.1 2.3-.6 3-1.4.5-.7.9-1.5 1-2.6.6.4 1.1.9 1.3 1.5.4 1 .4 2.7-.9 4-1.2 1.1-2.6 1.6-4.7 1.6-2.4 0-4.2-.8-5.3-2.3C5.4 17 4.8 15.2 4.8 12.9s.6-4.1 1.7-5.4C7.6 6.1 9.4 5.3 11.8 5.3c2.4 0 4.3.8 5.5 2.3.6.7 1 1.7 1.3 2.7l1.8-.5c-.4-1.3-.9-2.4-1.7-3.3C17.2 4.5 14.9 3.5 11.8 3.5c-3 0-5.3 1-6.8 2.8-1.3 1.7-2 4-2 6.6s.7 4.9 2 6.6c1.5 1.9 3.8 2.9 6.8 2.9 2.7 0 4.5-.7 6-2.2 2-1.9 1.9-4.4 1.3-5.8-.4-1.1-1.3-2-2.4-2.6zm-4.4 4.3c-1 .1-2.1-.4-2.1-1.4 0-.7.5-1.6 2.2-1.6h.7c.5 0 1 0 1.4.1-.2 2.2-1.2 2.8-2.2 2.9z',
  INSTAGRAM:
    'M12 7.3a4.7 4.7 0 1 0 0 9.4 4.7 4.7 0 0 0 0-9.4zm0 7.7a3 3 0 1 1 0-6 3 3 0 0 1 0 6zm6-7.9a1.1 1.1 0 1 1-2.2 0 1.1 1.1 0 0 1 2.2 0zM12 2.5c-2.6 0-2.9 0-3.9.1-3.5.2-5.4 2.1-5.5 5.5-.1 1-.1 1.3-.1 3.9s0 2.9.1 3.9c.2 3.5 2.1 5.4 5.5 5.5 1 .1 1.3.1 3.9.1s2.9 0 3.9-.1c3.5-.2 5.4-2.1 5.5-5.5.1-1 .1-1.3.1-3.9s0-2.9-.1-3.9c-.2-3.5-2.1-5.4-5.5-5.5-1-.1-1.3-.1-3.9-.1zm0 1.7c2.5 0 2.8 0 3.8.1 2.6.1 3.8 1.3 3.9 3.9.1 1 .1 1.3.1 3.8s0 2.8-.1 3.8c-.1 2.6-1.3 3.8-3.9 3.9-1 .1-1.3.1-3.8.1s-2.8 0-3.8-.1c-2.6-.1-3.8-1.3-3.9-3.9-.1-1-.1-1.3-.1-3.8s0-2.8.1-3.8c.1-2.6 1.3-3.8 3.9-3.9 1-.1 1.3-.1 3.8-.1z',
  VIBER:
    'M12 2.2c-2.9 0-7.5.4-8.6 4.6-.5 2-.5 4.5-.4 6.6.1 2.6 1 4.9 3.5 5.8v2.6c0 .5.5.6.8.3l2.3-2.5c.8 0 1.6.1 2.4.1 2.9 0 7.5-.4 8.6-4.6.5-2 .5-4.8.3-6.7-.4-4.2-4-6.2-8.9-6.2zm3.8 13.2c-.3.3-.9.6-1.4.5-1.2-.3-4.7-1.9-6.4-5.4-.5-1-.7-2-.4-2.5.3-.5.8-.8 1.2-.9h.5c.2 0 .3.1.4.3l.9 1.8c.1.3 0 .6-.2.8l-.4.4c-.2.2-.2.5 0 .8.8 1.6 2 2.6 3.5 3.2.3.1.5 0 .7-.2l.5-.6c.2-.2.6-.3.9-.1l1.6 1c.3.2.4.6.2.9z',
} as const;

export type SocialType = keyof typeof SOCIAL_GLYPHS;

export function isSocialType(value: string): value is SocialType {
  return Object.hasOwn(SOCIAL_GLYPHS, value);
}

/**
 * Resource types may carry a suffix for a second link of a kind (SPEC §2: "two Telegram"), e.g.
 * 'TELEGRAM2' or 'TELEGRAM_2'; they share the base glyph.
 */
export function socialTypeOf(resourceType: string): SocialType | null {
  const base = resourceType
    .toUpperCase()
    .replace(/[^A-Z]+$/, '')
    .replace(/[_-]+$/, '');
  return isSocialType(base) ? base : null;
}

export function SocialIcon({
  type,
  size = 18,
  ...rest
}: { type: SocialType; size?: number } & SVGProps<SVGSVGElement>) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      <path d={SOCIAL_GLYPHS[type]} fillRule="evenodd" />
    </svg>
  );
}
