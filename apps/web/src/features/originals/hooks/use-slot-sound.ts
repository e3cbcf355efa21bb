import { useCallback, useRef, useState } from 'react';
import { readLocal, STORAGE_KEYS, writeLocal } from '../../../lib/storage.ts';

export type SlotSound = 'spin' | 'stop' | 'win';

type Note = { at: number; hz: number; to?: number; length: number; wave: OscillatorType; gain: number };

/** Each sound as a few oscillator notes (seconds from now): no audio files to fetch, nothing to license. */
const NOTES: Record<SlotSound, Note[]> = {
  spin: [{ at: 0, hz: 180, to: 520, length: 0.28, wave: 'sawtooth', gain: 0.04 }],
  stop: [{ at: 0, hz: 150, to: 90, length: 0.07, wave: 'square', gain: 0.05 }],
  win: [523.25, 659.25, 783.99, 1046.5].map((hz, index) => ({
    at: index * 0.09,
    hz,
    length: 0.16,
    wave: 'triangle' as const,
    gain: 0.08,
  })),
};

type AudioContextClass = new () => AudioContext;

function audioContextClass(): AudioContextClass | undefined {
  const scope = window as unknown as {
    AudioContext?: AudioContextClass;
    webkitAudioContext?: AudioContextClass;
  };
  return scope.AudioContext ?? scope.webkitAudioContext;
}

/**
 * The studio's sounds: off by default (a game must not start making noise on its own), the player's choice
 * remembered on the device. The AudioContext is made on the toggle's click, because browsers only let a page
 * start audio from a user gesture; where WebAudio is missing, sounds are simply silent.
 */
export function useSlotSound() {
  const [on, setOn] = useState(() => readLocal(STORAGE_KEYS.studioSound) === '1');
  const onRef = useRef(on);
  onRef.current = on;
  const context = useRef<AudioContext | null>(null);

  const ensureContext = useCallback(() => {
    if (context.current) return context.current;
    const Context = audioContextClass();
    if (!Context) return null;
    try {
      context.current = new Context();
    } catch {
      return null;
    }
    return context.current;
  }, []);

  const toggle = useCallback(() => {
    const next = !onRef.current;
    onRef.current = next;
    setOn(next);
    writeLocal(STORAGE_KEYS.studioSound, next ? '1' : '0');
    if (next) void ensureContext()?.resume();
  }, [ensureContext]);

  const play = useCallback(
    (sound: SlotSound) => {
      if (!onRef.current) return;
      const audio = ensureContext();
      if (!audio) return;
      const now = audio.currentTime;
      for (const note of NOTES[sound]) {
        const oscillator = audio.createOscillator();
        const gain = audio.createGain();
        oscillator.type = note.wave;
        oscillator.frequency.setValueAtTime(note.hz, now + note.at);
        if (note.to) oscillator.frequency.exponentialRampToValueAtTime(note.to, now + note.at + note.length);
        // A quick fade out: an oscillator cut off at full volume clicks.
        gain.gain.setValueAtTime(note.gain, now + note.at);
        gain.gain.exponentialRampToValueAtTime(0.0001, now + note.at + note.length);
        oscillator.connect(gain).connect(audio.destination);
        oscillator.start(now + note.at);
        oscillator.stop(now + note.at + note.length + 0.02);
      }
    },
    [ensureContext],
  );

  return { on, toggle, play };
}
