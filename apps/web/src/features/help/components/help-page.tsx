import { useTranslation } from 'react-i18next';
import { EmptyBlock } from '../../../components/ui/empty-block.tsx';
import { PageFrame } from '../../../components/ui/page-frame.tsx';

type HelpPageProps = { variant: 'help' | 'helpmc' };

/**
 * /help (inside the site) and /helpmc (the same help centre without any site chrome, for the apps). The
 * help-centre articles arrive with the content issue.
 */
export function HelpPage({ variant }: HelpPageProps) {
  const { t } = useTranslation('pages');
  return (
    <PageFrame testId={`page-${variant}`} title={t('help.title')}>
      <EmptyBlock title={t('help.empty')} />
    </PageFrame>
  );
}
