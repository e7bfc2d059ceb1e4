import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/form/index.ts';

type Reports = typeof import('./machine-reports.ts');
type MachineReport = import('./machine-reports.ts').MachineReport;
type PathFormat = import('./machine-reports.ts').PathFormat;

/** Saves text as a file the browser downloads. */
function download(file: { name: string; type: string; text: string }) {
  const url = URL.createObjectURL(new Blob([file.text], { type: file.type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/**
 * The console's machines for testers (administrators only, as /admin is): pick a machine, see its
 * states and transitions drawn and listed, export its paths as Markdown, JSON or Mermaid. The
 * machines and their paths load in their own chunk when the tab opens.
 */
export function MachinesPanel() {
  const { t } = useTranslation('admin');
  const [reports, setReports] = useState<Reports | null>(null);
  const [failed, setFailed] = useState(false);
  const [name, setName] = useState('session');

  useEffect(() => {
    let gone = false;
    import('./machine-reports.ts').then(
      (loaded) => !gone && setReports(loaded),
      () => !gone && setFailed(true),
    );
    return () => {
      gone = true;
    };
  }, []);

  if (failed) return <p role="alert">{t('machines.error')}</p>;
  if (!reports) return <p aria-live="polite">{t('machines.loading')}</p>;
  const report = reports.machineReport(name);
  return (
    <>
      <div className="admin-panel__bar">
        <Field label={t('machines.pick')}>
          <select className="input" value={name} onChange={(e) => setName(e.target.value)}>
            {reports.MACHINE_NAMES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </Field>
        {report && (
          <fieldset className="admin-machines__export">
            <legend className="sr-only">{t('machines.export')}</legend>
            {reports.FORMATS.map((format) => (
              <button
                key={format}
                type="button"
                className="button button--small"
                onClick={() => download(reports.pathsExport(report, format as PathFormat))}
              >
                {t(`machines.exportAs.${format}`)}
              </button>
            ))}
          </fieldset>
        )}
      </div>
      {report && <MachineView report={report} />}
    </>
  );
}

function MachineView({ report }: { report: MachineReport }) {
  const { t } = useTranslation('admin');
  const box = useRef<HTMLDivElement>(null);
  const heading = useId();
  const eventsLabel = t('machines.event');

  useEffect(() => {
    let disposed = false;
    let chart: { dispose(): void } | null = null;
    void import('./echarts-machine.ts').then(({ drawMachine }) => {
      if (disposed || !box.current) return;
      chart = drawMachine(box.current, report, { events: eventsLabel });
    });
    return () => {
      disposed = true;
      chart?.dispose();
    };
  }, [report, eventsLabel]);

  const summary = t('machines.summary', {
    states: report.states.length,
    transitions: report.transitions.length,
    shortest: report.shortestPaths.length,
    simple: report.simplePaths.length,
  });
  return (
    <section className="admin-machines" aria-labelledby={heading}>
      <h2 id={heading} className="admin-subheading">
        {report.name}
      </h2>
      <p>{t(`machines.descriptions.${report.name}`, { defaultValue: report.description })}</p>
      <p className="muted" data-testid="machine-summary">
        {summary}
      </p>
      <figure className="admin-machines__figure">
        <div ref={box} className="admin-machines__chart" aria-hidden="true" />
        <figcaption className="sr-only">{summary}</figcaption>
      </figure>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the table scrolls, so it takes focus for the arrow keys */}
      <section className="admin-machines__table" tabIndex={0} aria-label={t('machines.transitions')}>
        <table className="table">
          <caption className="sr-only">{t('machines.transitions')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('machines.from')}</th>
              <th scope="col">{t('machines.event')}</th>
              <th scope="col">{t('machines.to')}</th>
            </tr>
          </thead>
          <tbody>
            {report.transitions.map((tr) => (
              <tr key={`${tr.from}|${tr.event}|${tr.to}`}>
                <td>{tr.from}</td>
                <td>
                  <code>{tr.event}</code>
                </td>
                <td>{tr.to}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </section>
  );
}
