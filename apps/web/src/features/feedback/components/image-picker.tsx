import { UPLOAD_MAX_BYTES, UPLOAD_MAX_FILES } from '@lotus/shared/constants';
import { ActionIcon, Image, List, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import '@mantine/dropzone/styles.css';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { checkImages, type RejectedImage } from '../utils/check-images.ts';
import classes from './feedback.module.css';

type ImagePickerProps = {
  images: readonly File[];
  onChange: (images: File[]) => void;
  disabled?: boolean;
};

/**
 * Up to three PNG/JPG screenshots, each ≤ 5 MB (SPEC §5), picked or dropped; each checked by its first bytes
 * before it is attached (the server checks again). Refusals are listed with the file's name and the SPEC §8
 * message; attached images show as previews with a remove button.
 */
export function ImagePicker({ images, onChange, disabled }: ImagePickerProps) {
  const { t } = useTranslation('feedback');
  const [rejected, setRejected] = useState<RejectedImage[]>([]);
  const previews = usePreviews(images);
  const full = images.length >= UPLOAD_MAX_FILES;
  const describedBy = 'feedback-images-hint';

  const add = async (picked: File[]) => {
    const result = await checkImages(picked, images.length);
    // The same file refused twice for the same reason says nothing new.
    const unique = new Map(result.rejected.map((refusal) => [`${refusal.code}:${refusal.name}`, refusal]));
    setRejected([...unique.values()]);
    if (result.accepted.length > 0) onChange([...images, ...result.accepted]);
  };

  return (
    <Stack gap="xs">
      <Text component="label" size="sm" fw={500} htmlFor="feedback-images-input">
        {t('images.label')}
      </Text>
      <Dropzone
        // Every picked file goes through checkImages, so the messages are ours (and the same as the server's).
        onDrop={() => {}}
        onDropAny={(accepted, refusals) =>
          void add([...accepted, ...refusals.map((refusal) => refusal.file)])
        }
        accept={['image/png', 'image/jpeg']}
        multiple
        disabled={disabled || full}
        inputProps={{ id: 'feedback-images-input', 'aria-describedby': describedBy }}
        className={classes.dropzone}
        data-testid="feedback-dropzone"
      >
        <Stack gap={4} align="center" py="sm" style={{ pointerEvents: 'none' }}>
          <Text size="sm" fw={500} ta="center">
            {full ? t('images.full') : t('images.drop')}
          </Text>
          <Text size="xs" c="dimmed" ta="center" id={describedBy}>
            {t('images.hint', { max: UPLOAD_MAX_FILES, size: UPLOAD_MAX_BYTES / (1024 * 1024) })}
          </Text>
        </Stack>
      </Dropzone>
      {rejected.length > 0 ? (
        <List size="sm" c="red" role="alert" data-testid="feedback-image-errors">
          {rejected.map((refusal) => (
            <List.Item key={`${refusal.code}:${refusal.name}`} data-code={refusal.code}>
              {t('images.refused', { name: refusal.name, reason: t(`errors:${refusal.code}`) })}
            </List.Item>
          ))}
        </List>
      ) : null}
      {images.length > 0 ? (
        <SimpleGrid cols={3} spacing="xs" data-testid="feedback-previews">
          {images.map((image, index) => (
            <div key={fileKey(image)} className={classes.preview} data-testid="feedback-preview">
              {previews[index] ? (
                <Image src={previews[index]} alt={image.name} h={88} fit="cover" radius="sm" />
              ) : (
                <Skeleton h={88} radius="sm" />
              )}
              <ActionIcon
                className={classes.remove}
                size="sm"
                radius="xl"
                color="dark"
                variant="filled"
                aria-label={t('images.remove', { name: image.name })}
                onClick={() => {
                  setRejected([]);
                  onChange(images.filter((_, position) => position !== index));
                }}
                disabled={disabled}
              >
                <span aria-hidden="true">×</span>
              </ActionIcon>
            </div>
          ))}
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}

// Attached files have no id; each File object gets one when first shown (two copies of one file stay apart).
const fileKeys = new WeakMap<File, string>();
let nextFileKey = 0;
function fileKey(file: File): string {
  let key = fileKeys.get(file);
  if (!key) {
    nextFileKey += 1;
    key = `file-${nextFileKey}`;
    fileKeys.set(file, key);
  }
  return key;
}

/**
 * Data URLs for the previews. Not object (blob:) URLs: the site's Content-Security-Policy allows images from
 * `data:` but not from `blob:`. Read once per file; a removed file's preview is dropped with it.
 */
function usePreviews(files: readonly File[]): (string | undefined)[] {
  const [read, setRead] = useState<ReadonlyMap<File, string>>(new Map());
  useEffect(() => {
    const missing = files.filter((file) => !read.has(file));
    if (missing.length === 0) return;
    let cancelled = false;
    void Promise.all(missing.map(async (file) => [file, await readAsDataUrl(file)] as const)).then(
      (entries) => {
        if (cancelled) return;
        setRead((previous) => new Map([...previous, ...entries].filter(([file]) => files.includes(file))));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [files, read]);
  return files.map((file) => read.get(file));
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('the image could not be read'));
    reader.readAsDataURL(file);
  });
}
