import type { ReactNode } from 'react';
import { BetSlip } from './bet-slip.tsx';
import classes from './sports.module.css';

/** A book page beside its bet slip (a side column on a desktop; a bottom sheet on a phone). */
export function BookLayout({ children }: { children: ReactNode }) {
  return (
    <div className={classes.layout}>
      <div style={{ minWidth: 0 }}>{children}</div>
      <div className={classes.slipColumn}>
        <BetSlip />
      </div>
    </div>
  );
}
