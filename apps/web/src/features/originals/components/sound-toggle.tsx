import { Button } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n-react.tsx';

/** A speaker, with waves when the sound is on and a cross when it is off. */
function SpeakerIcon({ on }: { on: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="18"
      height="18"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M4 9 H8 L13 5 V19 L8 15 H4 Z" fill="currentColor" strokeLinejoin="round" />
      {on ? (
        <path
          d="M16 9 C17.5 10.5 17.5 13.5 16 15 M18.5 6.5 C21.5 9.5 21.5 14.5 18.5 17.5"
          strokeLinecap="round"
        />
      ) : (
        <path d="M16 9 L21 15 M21 9 L16 15" strokeLinecap="round" />
      )}
    </svg>
  );
}

/** The studio's sound switch: a toggle button (aria-pressed), off until the player turns it on. */
export function SoundToggle({ on, onToggle }: { on: boolean; onToggle: () => void }) {
  const { t } = useTranslation('originals');
  return (
    <Button
      variant={on ? 'light' : 'default'}
      size="md"
      aria-pressed={on}
      onClick={onToggle}
      leftSection={<SpeakerIcon on={on} />}
      data-testid="slot-sound"
    >
      {t('slot.sound')}
    </Button>
  );
}
