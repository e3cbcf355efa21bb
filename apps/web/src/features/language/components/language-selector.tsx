import { LANGUAGE_CATALOGUE, type LanguageEntry } from '@lotus/shared/languages';
import { Button, Text } from '@mantine/core';
import { Menu, ScrollAreaAutosize } from '../../../components/ui/deferred-floating.tsx';
import { FlagBadge } from '../../../components/ui/flag-badge.tsx';
import { ChevronDownIcon } from '../../../components/ui/icons.tsx';
import { toBrandLanguage, toI18nLanguage } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { chooseLanguage } from '../utils/language-preference.ts';

type LanguageSelectorProps = {
  supportedLanguages: readonly string[];
  /** Told after the interface switched (the app saves a logged-in member's choice on the account). */
  onChosen?: (code: string) => void;
};

/**
 * Lists the whole catalogue (SPEC §1, about 35 names) with the brand's supported languages first and
 * selectable; the others are shown disabled with a "coming soon" hint.
 */
export function LanguageSelector({ supportedLanguages, onChosen }: LanguageSelectorProps) {
  const { t, i18n } = useTranslation();
  const supported = new Set(supportedLanguages.map((code) => code.toUpperCase()));
  const currentCode = toBrandLanguage(i18n.language);
  const current = LANGUAGE_CATALOGUE.find((entry) => entry.code === currentCode) ?? LANGUAGE_CATALOGUE[0];
  const ordered: LanguageEntry[] = [
    ...LANGUAGE_CATALOGUE.filter((entry) => supported.has(entry.code)),
    ...LANGUAGE_CATALOGUE.filter((entry) => !supported.has(entry.code)),
  ];

  return (
    <Menu position="bottom-end" shadow="md" width={300} withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          size="compact-md"
          data-testid="language-selector"
          aria-label={t('language.choose', { language: current?.nativeName ?? currentCode })}
          leftSection={current ? <FlagBadge country={current.flag} /> : null}
          rightSection={<ChevronDownIcon size={14} />}
        >
          <Text span size="sm" visibleFrom="sm" lang={toI18nLanguage(current?.code ?? currentCode)}>
            {current?.nativeName ?? currentCode}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('language.title')}</Menu.Label>
        <ScrollAreaAutosize mah={360} type="auto">
          {ordered.map((entry) => {
            const enabled = supported.has(entry.code);
            const active = entry.code === currentCode;
            return (
              <Menu.Item
                key={entry.code}
                data-lang={entry.code}
                disabled={!enabled}
                aria-current={active ? 'true' : undefined}
                leftSection={<FlagBadge country={entry.flag} />}
                rightSection={
                  enabled ? (
                    active ? (
                      <Text span size="xs" c="dimmed">
                        {t('language.current')}
                      </Text>
                    ) : null
                  ) : (
                    <Text span size="xs" c="dimmed">
                      {t('language.comingSoon')}
                    </Text>
                  )
                }
                onClick={() => {
                  if (enabled && !active) void chooseLanguage(entry.code).then(() => onChosen?.(entry.code));
                }}
              >
                <Text
                  span
                  size="sm"
                  fw={active ? 700 : 400}
                  lang={toI18nLanguage(entry.code)}
                  display="block"
                >
                  {entry.nativeName}
                </Text>
                {/* The English name too: readable where the device lacks a font for the native script. */}
                {entry.englishName !== entry.nativeName ? (
                  <Text span size="xs" c="dimmed" display="block">
                    {entry.englishName}
                  </Text>
                ) : null}
              </Menu.Item>
            );
          })}
        </ScrollAreaAutosize>
      </Menu.Dropdown>
    </Menu>
  );
}
