import { Badge, Tabs } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type ReactNode, useEffect, useRef } from 'react';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { symbolOrDefault } from '../../../lib/money/money.ts';
import { useAgentConsolidated } from '../api/get-agent-consolidated.ts';
import {
  AGENT_SECTIONS,
  type AgentSection,
  isContractSection,
  SECTION_KIND,
  visibleSections,
  waitingOffers,
} from '../state/agent-centre-store.ts';
import { ContractsSection } from './contracts-section.tsx';
import { DownlinesSection } from './downlines-section.tsx';
import { IncomeSection } from './income-section.tsx';
import { LossStatementsSection } from './loss-statements-section.tsx';
import { RegisterDownlineSection } from './register-downline-section.tsx';
import { TeamBettingSection } from './team-betting-section.tsx';
import { TeamOverviewSection } from './team-overview-section.tsx';
import { TransfersSection } from './transfers-section.tsx';

export type AgentCentreModalProps = {
  opened: boolean;
  section: AgentSection;
  onSection: (section: AgentSection) => void;
  onClose: () => void;
  /**
   * The announcement entry's content: the announcements feature's list, composed by the app (a feature
   * does not import another).
   */
  announcement: ReactNode;
  /** The brand's currency symbol; empty shows 'P'. */
  currencySymbol?: string;
};

/**
 * SPEC §2 agent centre: a modal with title and close, the menu on the left and the entry's content on the
 * right; on a phone the menu becomes a row of tabs above the content. Tabs give the keyboard its arrows,
 * Home and End. Only the chosen entry is mounted, so only its data is fetched.
 *
 * The four contract entries show only when their kind applies to the agent (the consolidated call says so),
 * each with the number of offers waiting for the agent's answer.
 */
export function AgentCentreModal({
  opened,
  section,
  onSection,
  onClose,
  announcement,
  currencySymbol,
}: AgentCentreModalProps) {
  const { t } = useTranslation('agents');
  const wide = useMediaQuery('(min-width: 48em)') ?? false;
  const symbol = symbolOrDefault(currencySymbol);
  const consolidated = useAgentConsolidated(opened);
  const known = consolidated.data?.applies ?? null;
  const shown = visibleSections(known);
  // Opened on a contract entry (an offer prompt) before the menu is known: that entry shows meanwhile.
  const sections =
    known === null && isContractSection(section)
      ? AGENT_SECTIONS.filter((name) => shown.includes(name) || name === section)
      : shown;
  const offers = new Map<AgentSection, number>(
    waitingOffers(consolidated.data).map((offer) => [offer.section, offer.count]),
  );
  const settled = known !== null || consolidated.isError;
  const sectionShown = sections.includes(section);

  // On a phone the menu is a row that scrolls sideways: the chosen entry (one an offer prompt opened, far
  // down the menu) is brought into view.
  const menuRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!opened || wide || !sectionShown) return;
    const tab = menuRef.current?.querySelector<HTMLElement>(`[data-testid="agent-menu-${section}"]`);
    tab?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [opened, wide, section, sectionShown]);

  useEffect(() => {
    // An entry that turns out not to apply (no such contract, an old link) falls back to the first one.
    if (opened && settled && !sectionShown) onSection('announcement');
  }, [opened, settled, sectionShown, onSection]);

  const content: Record<AgentSection, ReactNode> = {
    announcement,
    teamOverview: <TeamOverviewSection symbol={symbol} />,
    registerDownline: <RegisterDownlineSection />,
    downlines: <DownlinesSection symbol={symbol} />,
    teamBetting: <TeamBettingSection symbol={symbol} />,
    lossStatements: <LossStatementsSection symbol={symbol} />,
    income: <IncomeSection symbol={symbol} />,
    transfers: <TransfersSection symbol={symbol} />,
    dividend: <ContractsSection kind={SECTION_KIND.dividend} symbol={symbol} />,
    dailySalary: <ContractsSection kind={SECTION_KIND.dailySalary} symbol={symbol} />,
    hourlySalary: <ContractsSection kind={SECTION_KIND.hourlySalary} symbol={symbol} />,
    realTimeSalary: <ContractsSection kind={SECTION_KIND.realTimeSalary} symbol={symbol} />,
  };
  return (
    <AppModal
      opened={opened}
      onClose={onClose}
      title={t('title')}
      size={wide ? 960 : '100%'}
      testId="agent-centre"
    >
      <Tabs
        value={section}
        onChange={(value) => {
          if (value && (sections as readonly string[]).includes(value)) onSection(value as AgentSection);
        }}
        orientation={wide ? 'vertical' : 'horizontal'}
        keepMounted={false}
        variant={wide ? 'pills' : 'default'}
      >
        <Tabs.List
          ref={menuRef}
          aria-label={t('menu')}
          style={wide ? { minWidth: 200 } : { flexWrap: 'nowrap', overflowX: 'auto' }}
        >
          {sections.map((name) => {
            const count = offers.get(name) ?? 0;
            return (
              <Tabs.Tab
                key={name}
                value={name}
                data-testid={`agent-menu-${name}`}
                style={{ whiteSpace: 'nowrap' }}
                aria-label={
                  count > 0 ? t('prompt.tabWithOffers', { section: t(`sections.${name}`), count }) : undefined
                }
                rightSection={
                  count > 0 ? (
                    <Badge
                      size="xs"
                      color="red"
                      circle
                      aria-hidden="true"
                      data-testid={`agent-menu-${name}-count`}
                    >
                      {count}
                    </Badge>
                  ) : undefined
                }
              >
                {t(`sections.${name}`)}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        {sections.map((name) => (
          <Tabs.Panel
            key={name}
            value={name}
            pl={wide ? 'md' : 0}
            pt={wide ? 0 : 'md'}
            miw={0}
            style={{ flex: 1 }}
            data-testid={`agent-section-${name}`}
          >
            {content[name]}
          </Tabs.Panel>
        ))}
      </Tabs>
    </AppModal>
  );
}
