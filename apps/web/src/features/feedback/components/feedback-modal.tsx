import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';

// The form brings react-hook-form, zod and the dropzone: its own chunk, fetched when the modal first opens.
const FeedbackForm = lazy(() =>
  import('./feedback-form.tsx').then((module) => ({ default: module.FeedbackForm })),
);

type FeedbackModalProps = { opened: boolean; onClose: () => void };

/**
 * SPEC §2 feedback modal: a support ticket (question type, description, optional contact, up to three
 * images) sent to PUT /wps/feedback. The form is mounted only while the modal is open, so each opening
 * starts blank.
 */
export function FeedbackModal({ opened, onClose }: FeedbackModalProps) {
  const { t } = useTranslation('feedback');
  return (
    <AppModal opened={opened} onClose={onClose} title={t('title')} size={480} testId="feedback-modal">
      <Suspense
        fallback={
          <Center py="xl" role="status" aria-label={t('common:status.loading')}>
            <Loader size="sm" />
          </Center>
        }
      >
        <FeedbackForm onDone={onClose} />
      </Suspense>
    </AppModal>
  );
}
