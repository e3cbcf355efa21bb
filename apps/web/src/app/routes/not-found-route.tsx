import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { HomeIcon } from '../../components/ui/icons.tsx';
import { useTranslation } from '../../lib/i18n-react.tsx';

/** Any unknown path: a 404 inside the standard layout. */
export function NotFoundRoute() {
  const { t } = useTranslation('pages');
  return (
    <Stack
      component="section"
      align="center"
      ta="center"
      gap="sm"
      py={60}
      data-testid="page-not-found"
      aria-labelledby="not-found-title"
    >
      <Text
        fz={{ base: 64, sm: 96 }}
        fw={900}
        c="var(--mantine-primary-color-filled)"
        lh={1}
        aria-hidden="true"
      >
        404
      </Text>
      <Title order={1} id="not-found-title" fz={{ base: 22, sm: 28 }}>
        {t('notFound.title')}
      </Title>
      <Text c="dimmed">{t('notFound.message')}</Text>
      <Button component={Link} to="/" leftSection={<HomeIcon size={16} />} mt="sm">
        {t('common:actions.backHome')}
      </Button>
    </Stack>
  );
}
