import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { chordParts, isMac } from './keys.ts';

/** A key sequence as keycaps: `g a` → G then A; `mod+k` → Ctrl K (⌘ K on a Mac). */
export function KeySequence({ chords }: { chords: readonly string[] }) {
  const { t } = useTranslation('commands');
  const names = { esc: t('keys.esc'), enter: t('keys.enter'), shift: t('keys.shift'), ctrl: t('keys.ctrl') };
  const mac = isMac();
  return (
    <span className="key-sequence">
      {chords.map((chord, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a chord's place in the sequence is its identity
        <Fragment key={index}>
          {index > 0 && <span className="key-sequence__then">{t('help.then')}</span>}
          <kbd className="keycap">{chordParts(chord, mac, names).join(' ')}</kbd>
        </Fragment>
      ))}
    </span>
  );
}
