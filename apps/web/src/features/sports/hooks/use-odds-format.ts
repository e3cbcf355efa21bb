import { formatOdds } from '@lotus/shared/odds-format';
import { ODDS_FORMATS, type OddsFormat } from '@lotus/shared/sportsbook.schema';
import { useCallback } from 'react';
import { create } from 'zustand';
import { readLocal, STORAGE_KEYS, writeLocal } from '../../../lib/storage.ts';

function storedFormat(): OddsFormat {
  const stored = readLocal(STORAGE_KEYS.sportsOddsFormat);
  return (ODDS_FORMATS as readonly string[]).includes(stored ?? '') ? (stored as OddsFormat) : 'decimal';
}

/** The player's odds format (docs/sportsbook.md "Pages"): one store, so every price re-renders at once. */
const useFormatStore = create<{ format: OddsFormat; setFormat: (format: OddsFormat) => void }>((set) => ({
  format: storedFormat(),
  setFormat: (format) => {
    writeLocal(STORAGE_KEYS.sportsOddsFormat, format);
    set({ format });
  },
}));

/** Tests start from the stored preference again. */
export function reloadOddsFormat(): void {
  useFormatStore.setState({ format: storedFormat() });
}

/** The preference, its setter and a formatter of `oddsMilli` in it. */
export function useOddsFormat() {
  const format = useFormatStore((state) => state.format);
  const setFormat = useFormatStore((state) => state.setFormat);
  const odds = useCallback((oddsMilli: number) => formatOdds(oddsMilli, format), [format]);
  return { format, setFormat, odds };
}
