import type { AppGuide } from '@lotus/shared/content.schema';
import {
  Button,
  Center,
  List,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useLocation } from 'react-router';
import { EmptyBlock } from '../../../components/ui/empty-block.tsx';
import { AlertIcon, PhoneDownloadIcon } from '../../../components/ui/icons.tsx';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { useScrollToHash } from '../../../lib/use-scroll-to-hash.ts';
import { useAppDownload } from '../api/get-app-download.ts';
import { DownloadQrCode } from './download-qr-code.tsx';

/**
 * /down, /download: the iOS, Android and lite-app install guides (SPEC §1), one card each with its anchor
 * (#ios, #android, #lite: the brand's download resources link there), numbered steps and a QR code of the
 * guide's address. A download button appears only when that address is a real download; while it points
 * back at this page (no build yet) the QR code simply opens the guide on the phone. The version line is the
 * API's own text ("Coming soon", "1.2.0").
 */
export function DownloadPage() {
  const { t } = useTranslation('content');
  const download = useAppDownload();
  useScrollToHash(download.isSuccess);

  return (
    <PageFrame
      testId="page-download"
      title={t('pages:download.title')}
      description={t('download.lead')}
      crumbs={[{ label: t('common:nav.home'), to: '/' }, { label: t('pages:download.title') }]}
    >
      {download.isPending ? (
        <SimpleGrid cols={{ base: 1, md: 3 }} aria-busy="true" data-testid="download-loading">
          <VisuallyHidden role="status">{t('common:status.loading')}</VisuallyHidden>
          {[0, 1, 2].map((card) => (
            <Skeleton key={card} height={420} radius="md" />
          ))}
        </SimpleGrid>
      ) : download.isError ? (
        <EmptyBlock
          testId="download-error"
          icon={<AlertIcon size={28} />}
          title={t(`errors:${download.error instanceof ApiError ? download.error.code : 'unknown_error'}`)}
          actions={<Button onClick={() => void download.refetch()}>{t('common:actions.retry')}</Button>}
        />
      ) : download.data.guides.length === 0 ? (
        <EmptyBlock
          testId="download-empty"
          icon={<PhoneDownloadIcon size={28} />}
          title={t('download.empty')}
        />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          {download.data.guides.map((guide) => (
            <GuideCard key={guide.platform} guide={guide} />
          ))}
        </SimpleGrid>
      )}
    </PageFrame>
  );
}

function GuideCard({ guide }: { guide: AppGuide }) {
  const { t } = useTranslation('content');
  const { hash } = useLocation();
  const titleId = `download-${guide.platform}-title`;
  const platformName = t(`download.platform.${guide.platform}`);
  const target = resolveTarget(guide.downloadUrl);
  return (
    <Paper
      component="section"
      id={guide.platform}
      withBorder
      radius="md"
      p="lg"
      aria-labelledby={titleId}
      data-testid="download-guide"
      data-platform={guide.platform}
      // The guide the visitor was sent to (#ios…) is outlined, so it stands out among the three.
      style={
        hash === `#${guide.platform}` ? { borderColor: 'var(--mantine-primary-color-filled)' } : undefined
      }
    >
      <Stack gap="md" h="100%">
        <div>
          <Title order={2} fz="lg" id={titleId}>
            {guide.title}
          </Title>
          <Text size="sm" c="dimmed" mt={4} data-testid="download-version">
            {t('download.version', { version: guide.version })}
          </Text>
        </div>
        <div>
          <Title order={3} fz="sm" mb="xs">
            {t('download.stepsTitle')}
          </Title>
          <List type="ordered" spacing="xs" size="sm" data-testid="download-steps">
            {guide.steps.map((step) => (
              <List.Item key={step}>{step}</List.Item>
            ))}
          </List>
        </div>
        <Stack gap="sm" mt="auto" align="center">
          {target && !target.isGuide ? null : (
            <Text size="sm" ta="center" data-testid="download-unavailable">
              {guide.platform === 'lite' ? t('download.liteHint') : t('download.unavailable')}
            </Text>
          )}
          {target ? (
            <>
              <Center>
                <DownloadQrCode url={target.href} label={platformName} />
              </Center>
              <Text size="xs" c="dimmed" ta="center">
                {target.isGuide ? t('download.scanGuideHint') : t('download.scanHint')}
              </Text>
            </>
          ) : null}
          {target && !target.isGuide ? (
            <Button
              component="a"
              href={guide.downloadUrl}
              leftSection={<PhoneDownloadIcon size={16} />}
              fullWidth
              data-testid="download-link"
            >
              {t('download.action', { platform: platformName })}
            </Button>
          ) : null}
        </Stack>
      </Stack>
    </Paper>
  );
}

/** The paths of this page: a guide whose address points here has no file to download (yet). */
const GUIDE_PATHS = ['/down', '/download'];

/**
 * What the guide's address is: nothing usable (empty, '#', another scheme), this very page (the API's way of
 * saying "no build yet": the QR code then opens the guide on the phone), or a real download. The QR code
 * always holds the absolute address, since a phone scanning it does not know this site's origin.
 */
function resolveTarget(downloadUrl: string): { href: string; isGuide: boolean } | null {
  const trimmed = downloadUrl.trim();
  if (!/^https?:\/\//i.test(trimmed) && !(trimmed.startsWith('/') && !trimmed.startsWith('//'))) return null;
  const url = new URL(trimmed, window.location.origin);
  const isGuide = url.origin === window.location.origin && GUIDE_PATHS.includes(url.pathname);
  return { href: url.toString(), isGuide };
}
