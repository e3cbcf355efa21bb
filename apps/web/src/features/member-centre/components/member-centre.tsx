import { Button, CloseButton, Group, Loader, Stack, Title, VisuallyHidden } from '@mantine/core';
import { type ComponentType, type ReactNode, Suspense, useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { EmptyBlock } from '../../../components/ui/empty-block.tsx';
import { LockIcon } from '../../../components/ui/icons.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import {
  type MemberCentreEntry,
  memberCentrePath,
  visibleEntries,
} from '../../../lib/member-centre/member-centre-entries.ts';
import { openAuthModal, useAuthModal } from '../../../lib/session/auth-modal-store.ts';
import { useRequireLogin, useRequireRealAccount, useSession } from '../../../lib/session/use-session.ts';
import classes from './member-centre.module.css';

/** What every page of the centre gets from the shell. */
export type MemberCentrePageProps = { currencySymbol: string };

/** The page component of each entry, composed by the app (app/routes/member-centre-pages.tsx). */
export type MemberCentrePages = Readonly<Record<MemberCentreEntry, ComponentType<MemberCentrePageProps>>>;

type MemberCentreProps = {
  page: MemberCentreEntry;
  pages: MemberCentrePages;
  currencySymbol: string;
  /**
   * SPEC §2 red menu counts by entry name (messages, rewards, missions), composed by the app from the
   * features that own them; an entry without a count above 0 shows none.
   */
  badges?: Readonly<Record<string, number>>;
};

/**
 * SPEC §2 member (personal) centre: the menu on the left (a scrollable bar on top on a phone), the page on
 * the right, a close button back to where the player came from. SPEC §6: a visitor gets the login popup;
 * trial and type-4 accounts get `in_need_true_account`.
 */
export function MemberCentre({ page, pages, currencySymbol, badges = {} }: MemberCentreProps) {
  const { t } = useTranslation('memberCentre');
  const session = useSession();
  const requireLogin = useRequireLogin();
  const requireRealAccount = useRequireRealAccount();
  const blocked = session.status === 'member' && !session.isRealAccount;

  // Once per arrival (and when the session changes): ask the visitor to log in, or tell a trial account why.
  // Not over the dialog that says why the session just ended (a break, the session time limit: issue 17).
  useEffect(() => {
    if (useAuthModal.getState().modal?.kind === 'signedOut') return;
    if (session.status === 'visitor') requireLogin(() => {});
    else if (blocked) requireRealAccount(() => {});
  }, [session.status, blocked, requireLogin, requireRealAccount]);

  if (session.status === 'visitor') {
    return (
      <Frame>
        <EmptyBlock
          testId="member-centre-login"
          title={t('loginRequired.title')}
          description={t('loginRequired.description')}
          icon={<LockIcon size={28} />}
          actions={
            <Button onClick={() => openAuthModal({ kind: 'login' })} data-testid="member-centre-login-action">
              {t('loginRequired.action')}
            </Button>
          }
        />
      </Frame>
    );
  }
  if (session.status === 'loading' || !session.member) {
    return (
      <Frame>
        <Group justify="center" py="xl" data-testid="member-centre-loading">
          <Loader aria-label={t('loading')} />
        </Group>
      </Frame>
    );
  }
  if (blocked) {
    return (
      <Frame>
        <EmptyBlock
          testId="member-centre-true-account"
          title={t('trueAccount.title')}
          description={t('errors:in_need_true_account')}
          icon={<LockIcon size={28} />}
        />
      </Frame>
    );
  }

  const entries = visibleEntries(session.member);
  const Page = pages[page];
  return (
    <Frame>
      <div className={classes.root} data-testid="member-centre" data-page={page}>
        <MemberCentreMenu entries={entries} active={page} badges={badges} />
        <Stack
          component="section"
          className={classes.content}
          gap="md"
          aria-labelledby="member-centre-title"
          data-testid={`member-page-${page}`}
        >
          <Group justify="space-between" wrap="nowrap" align="center">
            <Title order={1} id="member-centre-title" fz={{ base: 20, sm: 24 }}>
              {t(`menu.${page}`)}
            </Title>
            <CloseCentreButton />
          </Group>
          {entries.includes(page) ? (
            <Suspense
              fallback={
                <Group justify="center" py="xl">
                  <Loader aria-label={t('loading')} />
                </Group>
              }
            >
              <Page currencySymbol={currencySymbol} />
            </Suspense>
          ) : (
            <EmptyBlock
              testId="member-centre-unavailable"
              title={t('unavailable.title')}
              description={t('unavailable.description')}
            />
          )}
        </Stack>
      </div>
    </Frame>
  );
}

function Frame({ children }: { children: ReactNode }) {
  return <div data-testid="member-centre-frame">{children}</div>;
}

function MemberCentreMenu({
  entries,
  active,
  badges,
}: {
  entries: MemberCentreEntry[];
  active: MemberCentreEntry;
  badges: Readonly<Record<string, number>>;
}) {
  const { t } = useTranslation('memberCentre');
  const activeRef = useRef<HTMLAnchorElement | null>(null);
  // On a phone the bar scrolls sideways: keep the active entry in view.
  useEffect(() => {
    activeRef.current?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, []);
  return (
    <nav className={classes.menu} aria-label={t('menu.label')} data-testid="member-centre-menu">
      <ul className={classes.list}>
        {entries.map((entry) => {
          const count = badges[entry] ?? 0;
          return (
            <li key={entry}>
              <Link
                // Moving between entries replaces the history entry, so "close" and Back leave the centre.
                replace
                to={memberCentrePath(entry)}
                className={classes.link}
                aria-current={entry === active ? 'page' : undefined}
                ref={entry === active ? activeRef : undefined}
                data-testid={`member-menu-${entry}`}
              >
                {t(`menu.${entry}`)}
                {count > 0 ? (
                  <>
                    {' '}
                    <span
                      className={classes.count}
                      aria-hidden="true"
                      data-testid={`member-menu-count-${entry}`}
                    >
                      {count > 99 ? '99+' : count}
                    </span>
                    <VisuallyHidden>{t('menuCount', { count })}</VisuallyHidden>
                  </>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** Back to where the player came from; home when the centre was the first page of the visit. */
function CloseCentreButton() {
  const { t } = useTranslation('memberCentre');
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <CloseButton
      size="lg"
      aria-label={t('close')}
      data-testid="member-centre-close"
      onClick={() => {
        if (location.key === 'default') void navigate('/');
        else void navigate(-1);
      }}
    />
  );
}
