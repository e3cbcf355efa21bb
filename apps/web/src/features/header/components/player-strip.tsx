import type { MemberInfo } from '@lotus/shared/auth.schema';
import { Badge, Button, Skeleton, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Menu } from '../../../components/ui/deferred-floating.tsx';
import { ChevronDownIcon, EnvelopeIcon, LockIcon } from '../../../components/ui/icons.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { displayNameOf, rankLinkTarget, type StripRoutes } from '../utils/player-strip-rules.ts';
import { AvatarPicker } from './avatar-picker.tsx';
import { PlayerAvatar } from './player-avatar.tsx';
import classes from './player-strip.module.css';

export type PlayerStripProps = {
  /** Null while member info loads (a token exists, the member is not known yet). */
  member: MemberInfo | null;
  routes: StripRoutes;
  onChangePassword: () => void;
  /** Asks to sign out (the app opens the confirm dialog). */
  onSignOut: () => void;
  /** Refetches member info after the avatar changed. */
  onAvatarChanged: () => Promise<unknown>;
  /** The agent centre, for agents, once the site has one; without it the menu has no such entry. */
  onAgentCentre?: (() => void) | undefined;
  /**
   * The money part (balance, hide / refresh, deposit, security centre): the wallet feature's component,
   * composed by the app so this feature does not import another one.
   */
  wallet?: ReactNode;
  /**
   * The messages shortcut (an envelope with the unread messages plus unclaimed rewards count): the messages
   * feature's component, composed by the app like the wallet slot.
   */
  messages?: ReactNode;
  /**
   * The same on a phone, where the top bar has no room for the envelope: the account menu gets a messages
   * entry and its button the red count.
   */
  messagesLink?: { to: string; count: number } | undefined;
  /**
   * For an agent, the prompt that a contract offer waits for its answer (the agent centre's, composed by
   * the app); nothing shows while none waits.
   */
  agentOffers?: ReactNode;
};

const AVATAR_SIZE = 34;

/**
 * SPEC §2 logged-in strip: avatar (click to choose another), nickname, player rank, the messages slot
 * (the shortcut with its red count of unclaimed promotions plus unread messages), the wallet slot (balance,
 * deposit, security centre), an account menu and sign-out.
 */
export function PlayerStrip({
  member,
  routes,
  onChangePassword,
  onSignOut,
  onAvatarChanged,
  onAgentCentre,
  wallet,
  messages,
  messagesLink,
  agentOffers,
}: PlayerStripProps) {
  const { t } = useTranslation('chrome');
  const [pickerOpened, setPickerOpened] = useState(false);

  if (!member) {
    return (
      <div className={classes.strip} data-testid="player-strip" aria-busy="true">
        <Skeleton circle height={AVATAR_SIZE} />
        <Skeleton height={14} width={96} visibleFrom="sm" />
        <VisuallyHidden role="status">{t('header.strip.loading')}</VisuallyHidden>
      </div>
    );
  }

  const name = displayNameOf(member);
  const rank = rankLinkTarget(member, routes);
  const rankLabel =
    member.clubLabel.labelName ?? t('header.strip.rankLevel', { level: member.clubLabel.rankLevel });
  const agentCentre = member.isAgent ? onAgentCentre : undefined;

  return (
    <div className={classes.strip} data-testid="player-strip">
      <UnstyledButton
        className={`${classes.avatarButton} ${classes.avatarInBar}`}
        aria-label={t('header.strip.chooseAvatar')}
        onClick={() => setPickerOpened(true)}
        data-testid="player-avatar"
      >
        <PlayerAvatar avatarUrl={member.avatarUrl} size={AVATAR_SIZE} />
      </UnstyledButton>
      <div className={classes.identity}>
        <Text span fw={700} size="sm" className={classes.nickname} data-testid="player-nickname">
          {name}
        </Text>
        {rank.kind === 'route' ? (
          <Badge
            component={Link}
            to={rank.to}
            size="sm"
            variant="light"
            className={classes.rank}
            data-testid="player-rank"
            aria-label={t('header.strip.rank', { rank: rankLabel })}
          >
            {rankLabel}
          </Badge>
        ) : (
          <Badge
            component="button"
            type="button"
            size="sm"
            variant="light"
            className={classes.rank}
            data-testid="player-rank"
            aria-label={t('header.strip.rankSecurity', { rank: rankLabel })}
            onClick={onChangePassword}
          >
            {rankLabel}
          </Badge>
        )}
      </div>
      {member.isAgent ? agentOffers : null}
      {messages}
      {wallet}
      <Menu position="bottom-end" shadow="md" width={220} withinPortal>
        <Menu.Target>
          <Button
            variant="subtle"
            color="gray"
            size="compact-md"
            px={6}
            aria-label={
              messagesLink && messagesLink.count > 0
                ? `${t('header.strip.menu', { name })}. ${t('header.strip.messagesWithCount', { count: messagesLink.count })}`
                : t('header.strip.menu', { name })
            }
            data-testid="player-menu"
            className={classes.menuButton}
          >
            <ChevronDownIcon size={16} />
            {messagesLink && messagesLink.count > 0 ? (
              <span className={classes.menuCount} aria-hidden="true" data-testid="player-menu-count">
                {messagesLink.count > 99 ? '99+' : messagesLink.count}
              </span>
            ) : null}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{name}</Menu.Label>
          {/* A phone's top bar has no room for the avatar: it is chosen from here instead. */}
          <Menu.Item hiddenFrom="sm" onClick={() => setPickerOpened(true)} data-testid="menu-choose-avatar">
            {t('header.strip.chooseAvatar')}
          </Menu.Item>
          {messagesLink ? (
            <Menu.Item
              hiddenFrom="sm"
              component={Link}
              to={messagesLink.to}
              leftSection={<EnvelopeIcon size={16} />}
              data-testid="menu-messages"
            >
              {messagesLink.count > 0
                ? t('header.strip.messagesWithCount', { count: messagesLink.count })
                : t('header.strip.messages')}
            </Menu.Item>
          ) : null}
          {routes.securityCentre ? (
            <Menu.Item
              component={Link}
              to={routes.securityCentre}
              leftSection={<LockIcon size={16} />}
              data-testid="menu-security-centre"
            >
              {t('wallet:strip.securityCentre')}
            </Menu.Item>
          ) : null}
          <Menu.Item
            leftSection={routes.securityCentre ? undefined : <LockIcon size={16} />}
            onClick={onChangePassword}
            data-testid="menu-change-password"
          >
            {t('header.strip.changePassword')}
          </Menu.Item>
          {agentCentre ? (
            <Menu.Item onClick={agentCentre} data-testid="menu-agent-centre">
              {t('header.strip.agentCentre')}
            </Menu.Item>
          ) : null}
          <Menu.Divider hiddenFrom="sm" />
          <Menu.Item hiddenFrom="sm" color="red" onClick={onSignOut} data-testid="menu-sign-out">
            {t('header.strip.signOut')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Button variant="default" size="compact-md" visibleFrom="sm" onClick={onSignOut} data-testid="sign-out">
        {t('header.strip.signOut')}
      </Button>
      <AvatarPicker
        opened={pickerOpened}
        onClose={() => setPickerOpened(false)}
        onChanged={onAvatarChanged}
      />
    </div>
  );
}
