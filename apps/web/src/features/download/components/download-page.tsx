import { useTranslation } from 'react-i18next';
import { EmptyBlock } from '../../../components/ui/empty-block.tsx';
import { PhoneDownloadIcon } from '../../../components/ui/icons.tsx';
import { PageFrame } from '../../../components/ui/page-frame.tsx';

/** /down, /download: iOS, Android and lite-app guides arrive with the content issue. */
export function DownloadPage() {
  const { t } = useTranslation('pages');
  return (
    <PageFrame testId="page-download" title={t('download.title')}>
      <EmptyBlock icon={<PhoneDownloadIcon size={28} />} title={t('download.empty')} />
    </PageFrame>
  );
}
