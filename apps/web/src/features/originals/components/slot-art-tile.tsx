import type { ReactNode } from 'react';

/** One symbol's drawing on the 64×64 grid (slot-art.tsx). */
export type Art = () => ReactNode;

export const INK = '#2b1d0e';

/** The coloured tile every symbol sits on, with a soft highlight across its top. */
export function Tile({ fill, ring, children }: { fill: string; ring: string; children: ReactNode }) {
  return (
    <>
      <rect x="2" y="2" width="60" height="60" rx="12" fill={fill} stroke={ring} strokeWidth="3" />
      <rect x="6" y="6" width="52" height="24" rx="9" fill="#ffffff" opacity="0.14" />
      {children}
    </>
  );
}

/** A scatter's or bonus symbol's ribbon along the bottom of its tile (a word, not an emoji). */
export function Ribbon({ fill, ring, text }: { fill: string; ring: string; text: string }) {
  return (
    <>
      <rect x="6" y="46" width="52" height="12" rx="4" fill={fill} stroke={ring} strokeWidth="1.5" />
      <text
        x="32"
        y="52.5"
        textAnchor="middle"
        dominantBaseline="central"
        fontFamily="Impact, 'Arial Black', sans-serif"
        fontWeight="900"
        fontSize="8.5"
        fill="#ffffff"
      >
        {text}
      </text>
    </>
  );
}
