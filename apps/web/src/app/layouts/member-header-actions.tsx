import type { MemberInfo } from '@lotus/shared/auth.schema';
import { lazy, Suspense } from 'react';
import { openAgentCentre } from '../../features/agent-centre/state/agent-centre-store.ts';
import { PlayerStrip } from '../../features/header/components/player-strip.tsx';
import type { StripRoutes } from '../../features/header/utils/player-strip-rules.ts';
import {
  MESSAGES_PATH,
  MessagesShortcut,
  useUnreadTotal,
} from '../../features/messages/components/messages-shortcut.tsx';
import { HeaderWallet } from '../../features/wallet/components/header-wallet.tsx';
import { openAuthModal } from '../../lib/session/auth-modal-store.ts';

// An agent's prompt that a contract offer waits: a player's strip never loads it (the member centre's budget).
const AgentOffersSlot = lazy(() =>
  import('./agent-offers-slot.tsx').then((m) => ({ default: m.AgentOffersSlot })),
);

/**
 * Pages the player strip links to. SPEC §2: the rank goes to the player-rank page (/playerRank, the VIP
 * ranks) when the member has a label, else to the security centre (member centre, /member/securityCenter).
 */
const STRIP_ROUTES: StripRoutes = { playerRank: '/playerRank', securityCentre: '/member/securityCenter' };

type MemberHeaderActionsProps = {
  /** Null while the member's information loads (the strip shows its placeholder). */
  member: MemberInfo | null;
  currencySymbol: string;
  onAvatarChanged: () => Promise<unknown>;
};

/** The header's controls for a signed-in member (SPEC §2 logged-in strip), loaded with the session. */
export function MemberHeaderActions({ member, currencySymbol, onAvatarChanged }: MemberHeaderActionsProps) {
  const unreadTotal = useUnreadTotal();
  return (
    <PlayerStrip
      member={member}
      routes={STRIP_ROUTES}
      onChangePassword={() => openAuthModal({ kind: 'changePassword', forced: false })}
      onSignOut={() => openAuthModal({ kind: 'logoutConfirm' })}
      onAvatarChanged={onAvatarChanged}
      onAgentCentre={() => openAgentCentre('announcement')}
      wallet={<HeaderWallet currencySymbol={currencySymbol} />}
      messages={<MessagesShortcut />}
      messagesLink={{ to: MESSAGES_PATH, count: unreadTotal }}
      agentOffers={
        member?.isAgent ? (
          <Suspense fallback={null}>
            <AgentOffersSlot variant="header" />
          </Suspense>
        ) : null
      }
    />
  );
}
