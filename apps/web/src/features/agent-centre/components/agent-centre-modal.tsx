import { Tabs } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { symbolOrDefault } from '../../../lib/money/money.ts';
import { AGENT_SECTIONS, type AgentSection } from '../state/agent-centre-store.ts';
import { DownlinesSection } from './downlines-section.tsx';
import { RegisterDownlineSection } from './register-downline-section.tsx';
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
 * Team betting, loss statements, income, dividends and salaries are not offered yet: they arrive with the
 * contracts issue (docs/agents-contract.md), never as placeholder pages.
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
  const content: Record<AgentSection, ReactNode> = {
    announcement,
    teamOverview: <TeamOverviewSection symbol={symbol} />,
    registerDownline: <RegisterDownlineSection />,
    downlines: <DownlinesSection symbol={symbol} />,
    transfers: <TransfersSection symbol={symbol} />,
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
          if (value && (AGENT_SECTIONS as readonly string[]).includes(value))
            onSection(value as AgentSection);
        }}
        orientation={wide ? 'vertical' : 'horizontal'}
        keepMounted={false}
        variant={wide ? 'pills' : 'default'}
      >
        <Tabs.List
          aria-label={t('menu')}
          style={wide ? { minWidth: 200 } : { flexWrap: 'nowrap', overflowX: 'auto' }}
        >
          {AGENT_SECTIONS.map((name) => (
            <Tabs.Tab
              key={name}
              value={name}
              data-testid={`agent-menu-${name}`}
              style={{ whiteSpace: 'nowrap' }}
            >
              {t(`sections.${name}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {AGENT_SECTIONS.map((name) => (
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
