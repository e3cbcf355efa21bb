import { UPLOAD_MAX_BYTES } from '@lotus/shared/constants';
import { Button, CloseButton, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { imageKindOfFile } from '../../lib/images/image-signature.ts';

type ProofPickerProps = {
  label: string;
  required?: boolean;
  file: File | null;
  onChange: (file: File | null) => void;
  /** A message from the form's own check (e.g. "proof required"). */
  error?: string | null;
  disabled?: boolean;
  testId: string;
};

/**
 * One proof image (docs/wallet-contract.md "Uploads"): PNG or JPG by content, at most 5 MB, previewed
 * before sending. The server checks both again; the refusal texts are the same `errors` keys.
 */
export function ProofPicker({ label, required, file, onChange, error, disabled, testId }: ProofPickerProps) {
  const { t } = useTranslation('memberCentre');
  const [refusal, setRefusal] = useState<string | null>(null);
  const preview = usePreview(file);
  const hintId = useId();
  const errorId = useId();
  const shown = refusal ?? error ?? null;

  const pick = async (picked: File | null) => {
    if (!picked) return;
    if ((await imageKindOfFile(picked)) === null) {
      setRefusal(t('errors:upload_type'));
      return;
    }
    if (picked.size > UPLOAD_MAX_BYTES) {
      setRefusal(t('errors:upload_too_large'));
      return;
    }
    setRefusal(null);
    onChange(picked);
  };

  return (
    <Stack gap={6} data-testid={testId}>
      <Text size="sm" fw={500}>
        {label}
        {required ? (
          <Text span c="red" aria-hidden="true">
            {' *'}
          </Text>
        ) : null}
      </Text>
      <Text size="xs" c="dimmed" id={hintId}>
        {t('proof.hint', { size: UPLOAD_MAX_BYTES / (1024 * 1024) })}
      </Text>
      <Group gap="sm">
        <FileButton
          onChange={(picked) => void pick(picked)}
          accept="image/png,image/jpeg"
          disabled={disabled}
          inputProps={{ 'data-testid': `${testId}-input` } as Record<string, string>}
        >
          {(props) => (
            <Button
              {...props}
              variant="light"
              size="xs"
              aria-describedby={`${hintId}${shown ? ` ${errorId}` : ''}`}
              aria-label={`${label}: ${file ? t('proof.replace') : t('proof.choose')}`}
              data-testid={`${testId}-button`}
            >
              {file ? t('proof.replace') : t('proof.choose')}
            </Button>
          )}
        </FileButton>
        {file ? (
          <Group gap={4}>
            <Text size="xs" data-testid={`${testId}-name`}>
              {file.name}
            </Text>
            <CloseButton
              size="sm"
              aria-label={t('proof.remove', { name: file.name })}
              onClick={() => onChange(null)}
              disabled={disabled}
            />
          </Group>
        ) : null}
      </Group>
      {preview ? (
        <Image src={preview} alt={t('proof.preview')} h={120} w="auto" fit="contain" radius="sm" />
      ) : null}
      {shown ? (
        <Text size="xs" c="red" role="alert" id={errorId} data-testid={`${testId}-error`}>
          {shown}
        </Text>
      ) : null}
    </Stack>
  );
}

/** A data: URL (the Content-Security-Policy allows data: images, not blob:). */
function usePreview(file: File | null): string | null {
  const [preview, setPreview] = useState<{ file: File; url: string } | null>(null);
  useEffect(() => {
    if (!file) return;
    let cancelled = false;
    const reader = new FileReader();
    reader.onload = () => {
      if (!cancelled) setPreview({ file, url: String(reader.result) });
    };
    reader.readAsDataURL(file);
    return () => {
      cancelled = true;
    };
  }, [file]);
  return file && preview?.file === file ? preview.url : null;
}
