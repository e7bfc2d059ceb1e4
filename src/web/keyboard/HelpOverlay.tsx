import { Fragment, useMemo } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { labsOn } from '../../common/labs.ts';
import { overlayStore } from '../commands/palette-store.ts';
import { keepTabInside } from '../components/focus-trap.ts';
import { Icon } from '../components/Icon.tsx';
import { useSession } from '../session/use-session.ts';
import { helpSections } from './help-model.ts';
import { KeySequence } from './KeyChord.tsx';

/** `?`: every shortcut and command of the registry, grouped and translated (same model as the docs). */
export function HelpOverlay() {
  const { t } = useTranslation('commands');
  const { t: routes } = useTranslation('routes');
  const { attributes } = useSession();
  const sections = useMemo(
    () =>
      helpSections({ commands: t, routes }, (command) =>
        labsOn(attributes as Record<string, unknown>, command.labs),
      ),
    [t, routes, attributes],
  );
  return createPortal(
    <div className="palette-layer">
      <div className="palette-scrim" aria-hidden="true" onMouseDown={() => overlayStore.close()} />
      <div
        className="help-overlay"
        role="dialog"
        aria-modal="true"
        aria-labelledby="help-overlay-title"
        onKeyDown={keepTabInside}
      >
        <header className="help-overlay__header">
          <h2 id="help-overlay-title">{t('help.title')}</h2>
          <button
            type="button"
            className="icon-button"
            aria-label={t('help.close')}
            onClick={() => overlayStore.close()}
            autoFocus
          >
            <Icon name="x" />
          </button>
        </header>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the list scrolls, so it takes focus for the arrow keys */}
        <section className="help-overlay__body" tabIndex={0} aria-labelledby="help-overlay-title">
          {sections.map((section) => (
            <section key={section.group} className="help-overlay__section" data-group={section.group}>
              <h3>{section.title}</h3>
              <table className="help-overlay__table">
                <thead className="sr-only">
                  <tr>
                    <th scope="col">{t('help.keys')}</th>
                    <th scope="col">{t('help.command')}</th>
                  </tr>
                </thead>
                <tbody>
                  {section.rows.map((row) => (
                    <tr key={row.id} data-command-id={row.id}>
                      <td className="help-overlay__keys">
                        {row.keys.map((sequence, index) => (
                          <Fragment key={sequence.join(' ')}>
                            {index > 0 && <span className="key-sequence__then">{t('help.or')}</span>}
                            <KeySequence chords={sequence} />
                          </Fragment>
                        ))}
                        {row.usage && <code className="help-overlay__usage">{row.usage}</code>}
                      </td>
                      <td className="help-overlay__label">
                        {row.label}
                        {row.note && <span className="help-overlay__note"> ({row.note})</span>}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          ))}
        </section>
      </div>
    </div>,
    document.body,
  );
}
