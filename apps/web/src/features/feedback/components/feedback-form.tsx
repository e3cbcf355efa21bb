import { zodResolver } from '@hookform/resolvers/zod';
import { FEEDBACK_CONTACT_MAX, FEEDBACK_MAX, FEEDBACK_MIN } from '@lotus/shared/constants';
import { feedbackContentLength } from '@lotus/shared/content.schema';
import { FEEDBACK_QUESTION_TYPES } from '@lotus/shared/content-vocabulary';
import {
  Alert,
  Button,
  Group,
  NativeSelect,
  Stack,
  Text,
  Textarea,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { AlertIcon } from '../../../components/ui/icons.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { useSubmitFeedback } from '../api/submit-feedback.ts';
import {
  EMPTY_FEEDBACK,
  type FeedbackFormInput,
  type FeedbackFormValues,
  feedbackFormSchema,
} from '../utils/feedback-schema.ts';
import classes from './feedback.module.css';
import { ImagePicker } from './image-picker.tsx';

type Stage =
  | { name: 'edit' }
  | { name: 'confirm'; values: FeedbackFormValues }
  | { name: 'sent'; ticketId: number };

/**
 * The feedback form (lazily loaded by FeedbackModal): edit → confirm → sent. Validation runs in the
 * browser with the server's own rules; what the server still refuses comes back as an error code and is
 * shown in the visitor's language above the form.
 */
export function FeedbackForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('feedback');
  const [stage, setStage] = useState<Stage>({ name: 'edit' });
  const [images, setImages] = useState<File[]>([]);
  const submit = useSubmitFeedback();
  const form = useForm<FeedbackFormInput, unknown, FeedbackFormValues>({
    defaultValues: EMPTY_FEEDBACK,
    resolver: zodResolver(feedbackFormSchema),
    mode: 'onTouched',
  });
  const content = form.watch('content');
  const length = feedbackContentLength(content);
  const lengthOk = length >= FEEDBACK_MIN && length <= FEEDBACK_MAX;
  const serverError = submit.error
    ? submit.error instanceof ApiError
      ? submit.error.code
      : 'unknown_error'
    : null;
  const fieldError = (message: string | undefined) => (message ? t(message) : undefined);

  if (stage.name === 'sent') {
    return (
      <Stack gap="md" align="center" ta="center" py="md" data-testid="feedback-sent">
        <ThemeIcon size={48} radius="xl" color="teal" variant="light" aria-hidden="true">
          ✓
        </ThemeIcon>
        <Title order={3} fz="lg">
          {t('sent.title')}
        </Title>
        <Text>
          {t('sent.ticket')}{' '}
          <Text span fw={700} data-testid="feedback-ticket-id">
            #{stage.ticketId}
          </Text>
        </Text>
        <Text size="sm" c="dimmed">
          {t('sent.hint')}
        </Text>
        <Button onClick={onDone} data-testid="feedback-done">
          {t('sent.close')}
        </Button>
      </Stack>
    );
  }

  if (stage.name === 'confirm') {
    const { values } = stage;
    return (
      <Stack gap="md" data-testid="feedback-confirm">
        <Text fw={600}>{t('confirm.question')}</Text>
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            {t('fields.questionType')}:{' '}
            <Text span c="var(--mantine-color-text)">
              {t(`questionTypes.${values.questionType}`)}
            </Text>
          </Text>
          <Text size="sm" className={classes.summary} data-testid="feedback-confirm-content">
            {values.content.trim()}
          </Text>
          {values.contact ? (
            <Text size="sm" c="dimmed">
              {t('fields.contact')}: {values.contact}
            </Text>
          ) : null}
          <Text size="sm" c="dimmed">
            {t('confirm.images', { count: images.length })}
          </Text>
        </Stack>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setStage({ name: 'edit' })} disabled={submit.isPending}>
            {t('confirm.back')}
          </Button>
          <Button
            loading={submit.isPending}
            data-testid="feedback-send"
            onClick={() =>
              submit.mutate(
                { ...values, contact: values.contact, images },
                {
                  onSuccess: (result) => setStage({ name: 'sent', ticketId: result.ticketId }),
                  // Back to the form, where the refusal is shown above the fields it concerns.
                  onError: () => setStage({ name: 'edit' }),
                },
              )
            }
          >
            {t('confirm.send')}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) => {
        submit.reset();
        setStage({ name: 'confirm', values });
      })}
      data-testid="feedback-form"
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('lead')}
        </Text>
        {serverError ? (
          <Alert
            color="red"
            icon={<AlertIcon size={18} />}
            role="alert"
            data-testid="feedback-server-error"
            data-code={serverError}
          >
            {t(`errors:${serverError}`)}
          </Alert>
        ) : null}
        <NativeSelect
          label={t('fields.questionType')}
          withAsterisk
          {...form.register('questionType')}
          error={fieldError(form.formState.errors.questionType?.message)}
          data={[
            { value: '', label: t('fields.questionTypePlaceholder'), disabled: true },
            ...FEEDBACK_QUESTION_TYPES.map((type) => ({ value: type, label: t(`questionTypes.${type}`) })),
          ]}
          data-testid="feedback-question-type"
        />
        <Textarea
          label={t('fields.content')}
          withAsterisk
          autosize
          minRows={4}
          maxRows={8}
          placeholder={t('fields.contentPlaceholder', { min: FEEDBACK_MIN, max: FEEDBACK_MAX })}
          {...form.register('content')}
          // The live counter sits under the field and is wired to it as its description.
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          description={
            <Text
              span
              size="xs"
              className={classes.counter}
              c={length === 0 || lengthOk ? 'dimmed' : 'red'}
              data-testid="feedback-counter"
            >
              {t('fields.counter', { length, min: FEEDBACK_MIN, max: FEEDBACK_MAX })}
            </Text>
          }
          error={fieldError(form.formState.errors.content?.message)}
          data-testid="feedback-content"
        />
        <TextInput
          label={t('fields.contact')}
          description={t('fields.contactHint')}
          maxLength={FEEDBACK_CONTACT_MAX}
          autoComplete="email"
          {...form.register('contact')}
          error={fieldError(form.formState.errors.contact?.message)}
          data-testid="feedback-contact"
        />
        <ImagePicker images={images} onChange={setImages} />
        <Group justify="flex-end">
          <Button type="submit" data-testid="feedback-submit">
            {t('submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
