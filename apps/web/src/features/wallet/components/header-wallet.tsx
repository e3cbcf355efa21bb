import { ActionIcon, Button, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Tooltip } from '../../../components/ui/deferred-floating.tsx';
import { EyeIcon, EyeOffIcon, PlusIcon, RefreshIcon, ShieldIcon } from '../../../components/ui/icons.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { moneyText, symbolOrDefault } from '../../../lib/money/money.ts';
import { useSessionStore } from '../../../lib/session/session-store.ts';
import { readLocal, STORAGE_KEYS, writeLocal } from '../../../lib/storage.ts';
import { useBalance } from '../../../lib/wallet/use-wallet-queries.ts';
import { MEMBER_PATHS } from '../utils/member-paths.ts';
import classes from './header-wallet.module.css';

/** SPEC §9 "balance refresh 300 ms": the header asks for the balance this long after it appears. */
export const BALANCE_REFRESH_DELAY_MS = 300;

/** What the strip shows instead of the amount when hidden or refreshing (SPEC §2). */
export const MASK = '***';

type HeaderWalletProps = {
  /** The brand's currency symbol (site configuration); empty → 'P' (SPEC §9). */
  currencySymbol: string;
};

/**
 * The money part of the logged-in strip (SPEC §2): balance with the brand's symbol, hidden as '***' by the
 * eye toggle (remembered per device), '***' while refreshing, refreshed 300 ms after it appears and on the
 * refresh icon; a deposit button and the security-centre shortcut.
 */
export function HeaderWallet({ currencySymbol }: HeaderWalletProps) {
  const { t } = useTranslation('wallet');
  const [hidden, setHidden] = useState(() => readLocal(STORAGE_KEYS.balanceHidden) === '1');
  // The first request waits for the 300 ms timer; until then a balance already known (a push) is shown.
  const [armed, setArmed] = useState(false);
  const balance = useBalance({ enabled: armed });
  const { refetch } = balance;
  const hasSession = useSessionStore((state) => state.token !== null);
  // 48em = Mantine sm: below it the strip is laid out for a phone.
  const phone = useMediaQuery('(max-width: 48em)') ?? false;

  useEffect(() => {
    if (!hasSession) return;
    const timer = setTimeout(() => {
      setArmed(true);
      // Also refreshes a balance that is already cached; joins a request already under way.
      void refetch({ cancelRefetch: false });
    }, BALANCE_REFRESH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [refetch, hasSession]);

  const toggleHidden = () => {
    const next = !hidden;
    setHidden(next);
    writeLocal(STORAGE_KEYS.balanceHidden, next ? '1' : '0');
  };

  const refreshing = balance.isFetching || (!armed && balance.data === undefined);
  const failed = !refreshing && balance.data === undefined && balance.isError;
  const symbol = symbolOrDefault(currencySymbol);
  let shown: string;
  let spoken: string;
  if (hidden) {
    shown = MASK;
    spoken = t('strip.hidden');
  } else if (refreshing) {
    shown = MASK;
    spoken = t('strip.refreshing');
  } else if (balance.data) {
    shown = moneyText(balance.data.balanceMinor, symbol);
    spoken = shown;
  } else {
    shown = '—';
    spoken = failed ? t('strip.unavailable') : t('strip.refreshing');
  }

  const amount = (
    <span
      className={classes.amount}
      data-testid="header-balance"
      data-state={hidden ? 'hidden' : refreshing ? 'refreshing' : failed ? 'error' : 'shown'}
      aria-hidden="true"
    >
      {shown}
    </span>
  );

  return (
    <div className={classes.wallet} data-testid="header-wallet">
      <div className={classes.balance} aria-busy={refreshing}>
        {phone ? (
          // No room for a refresh icon on a 375 px phone: the amount itself is the refresh button.
          <UnstyledButton
            className={classes.amountButton}
            onClick={() => void refetch()}
            disabled={balance.isFetching || !hasSession}
            aria-label={t('strip.refreshWithBalance', { balance: spoken })}
            data-testid="balance-refresh"
          >
            {amount}
          </UnstyledButton>
        ) : (
          <>
            <VisuallyHidden>{t('strip.balance')}: </VisuallyHidden>
            {amount}
            <VisuallyHidden data-testid="header-balance-spoken">{spoken}</VisuallyHidden>
          </>
        )}
        <Tooltip label={hidden ? t('strip.show') : t('strip.hide')} withinPortal>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            onClick={toggleHidden}
            aria-label={t('strip.hide')}
            aria-pressed={hidden}
            data-testid="balance-toggle"
          >
            {hidden ? <EyeOffIcon size={16} /> : <EyeIcon size={16} />}
          </ActionIcon>
        </Tooltip>
        {phone ? null : (
          <Tooltip label={t('strip.refresh')} withinPortal>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              onClick={() => void refetch()}
              aria-label={t('strip.refresh')}
              disabled={balance.isFetching || !hasSession}
              data-testid="balance-refresh"
            >
              <RefreshIcon size={16} className={balance.isFetching ? classes.spinning : undefined} />
            </ActionIcon>
          </Tooltip>
        )}
      </div>
      {/* On a phone only the plus sign shows; the name stays the same for screen readers. */}
      <Button
        component={Link}
        to={MEMBER_PATHS.deposit}
        size="compact-sm"
        className={classes.deposit}
        aria-label={t('strip.deposit')}
        data-testid="header-deposit"
      >
        <PlusIcon size={16} className={classes.depositIcon} />
        <span className={classes.depositLabel}>{t('strip.deposit')}</span>
      </Button>
      {/* On a phone the account menu carries this shortcut (no room in the top bar). */}
      <Tooltip label={t('strip.securityCentre')} withinPortal>
        <ActionIcon
          component={Link}
          to={MEMBER_PATHS.securityCentre}
          variant="subtle"
          color="gray"
          className={classes.security}
          aria-label={t('strip.securityCentre')}
          data-testid="header-security"
        >
          <ShieldIcon size={18} />
        </ActionIcon>
      </Tooltip>
    </div>
  );
}
