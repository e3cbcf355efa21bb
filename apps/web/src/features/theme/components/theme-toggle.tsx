import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { Tooltip } from '../../../components/ui/deferred-floating.tsx';
import { MoonIcon, SunIcon } from '../../../components/ui/icons.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';

/**
 * Switches light ⇄ dark. Mantine's colour-scheme manager (set up in app/providers.tsx with the `theme`
 * key) writes localStorage and the `data-mantine-color-scheme` attribute that theme-init.js restores.
 */
export function ThemeToggle() {
  const { t } = useTranslation();
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light');
  const next = scheme === 'dark' ? 'light' : 'dark';
  const label = next === 'dark' ? t('theme.toDark') : t('theme.toLight');

  return (
    <Tooltip label={label} withArrow>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        data-testid="theme-toggle"
        aria-label={label}
        onClick={() => setColorScheme(next)}
      >
        {scheme === 'dark' ? <SunIcon /> : <MoonIcon />}
      </ActionIcon>
    </Tooltip>
  );
}
