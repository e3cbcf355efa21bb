import type { LiveResult } from '@lotus/shared/live.schema';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { resultMark } from '../utils/results.ts';
import classes from './live-tables.module.css';

/** The last rounds' results, newest first, as small marks (the lobby shows `max` of them). */
export function LastResults({ results, max = 12 }: { results: LiveResult[]; max?: number }) {
  const { t } = useTranslation('liveTables');
  const shown = results.slice(0, max);
  if (shown.length === 0) {
    return (
      <span className={classes.noResults} data-testid="live-last-results">
        {t('noResults')}
      </span>
    );
  }
  return (
    <ol className={classes.results} aria-label={t('lastResults')} data-testid="live-last-results">
      {shown.map((result) => {
        const mark = resultMark(result.outcome);
        return (
          <li
            key={result.roundId}
            className={classes.result}
            data-tone={mark.tone}
            data-round-no={result.roundNo}
          >
            {mark.text ?? t(mark.key)}
          </li>
        );
      })}
    </ol>
  );
}
