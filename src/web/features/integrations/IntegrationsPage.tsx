import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { asLoaded } from '../../api/loaded.ts';
import type { ScreenProps } from '../../app/screen-props.ts';
import {
  type ListColumn,
  ListLink,
  ListScreen,
  useClientRows,
  useList,
  useListControls,
  useListScreenTexts,
} from '../../components/list/index.ts';
import { useCan } from '../../session/use-can.ts';
import { type Integration, listIntegrations } from './api.ts';
import './integrations.css';
import { BrowserConnectorSection } from './BrowserConnectorSection.tsx';
import { MultiInstanceHostsSection } from './MultiInstanceHostsSection.tsx';
import { NewIntegrationDialog } from './NewIntegrationDialog.tsx';

const idOf = (integration: Integration) => integration.id;
const dataOf = (integration: Integration) => ({ integration: integration.name });

/** /integrations (spec 2, section 2): every instance of every kind, its state and its mappings. */
export function IntegrationsPage(_: ScreenProps) {
  const { t } = useTranslation('integrations');
  const [, navigate] = useLocation();
  const canAdd = useCan()('createIntegration');
  const controls = useListControls();
  const load = asLoaded(useQuery(listIntegrations()));
  const [adding, setAdding] = useState(false);
  // The new integration opens once its dialog is gone, so the dialog's unsaved-changes guard does not ask.
  const [created, setCreated] = useState<string | null>(null);
  useEffect(() => {
    if (created && !adding) navigate(`/integrations/${created}`);
  }, [created, adding, navigate]);
  const columns = useMemo(
    (): ListColumn<Integration>[] => [
      {
        key: 'name',
        label: t('columns.name'),
        width: 'minmax(12rem, 2fr)',
        sortable: true,
        text: (i) => i.name,
        render: (i) => <ListLink href={`/integrations/${i.id}`}>{i.name}</ListLink>,
      },
      {
        key: 'kind',
        label: t('columns.kind'),
        width: 'minmax(10rem, 1fr)',
        sortable: true,
        text: (i) => t(`kinds.${i.kind}`, { defaultValue: i.kind }),
      },
      {
        key: 'direction',
        label: t('columns.direction'),
        width: '8rem',
        sortable: true,
        text: (i) => (i.direction ? t(`direction.${i.direction}`) : '–'),
      },
      {
        key: 'state',
        label: t('columns.state'),
        width: '9rem',
        sortable: true,
        text: (i) => (i.validated_at ? t('state.validated') : t('state.notValidated')),
      },
      {
        key: 'mappings',
        label: t('columns.mappings'),
        width: '7rem',
        sortable: true,
        align: 'end',
        value: (i) => i.mapping_count,
        text: (i) => String(i.mapping_count),
      },
    ],
    [t],
  );
  const { pageRows, total } = useClientRows(load.data ?? [], columns, controls);
  const list = useList({
    rows: pageRows,
    rowId: idOf,
    enabled: !adding,
    onOpen: (i) => navigate(`/integrations/${i.id}`),
    ...(canAdd ? { onNew: () => setAdding(true) } : {}),
  });
  const texts = useListScreenTexts('integrations', load, total);
  return (
    <ListScreen
      {...texts}
      actions={
        canAdd && (
          <button type="button" className="button button--primary" onClick={() => setAdding(true)}>
            {t('add')}
          </button>
        )
      }
      columns={columns}
      rows={pageRows}
      rowData={dataOf}
      list={list}
      controls={controls}
      paging={{ kind: 'numbered', total }}
      load={load}
    >
      <MultiInstanceHostsSection />
      <BrowserConnectorSection />
      {adding && (
        <NewIntegrationDialog
          onClose={() => setAdding(false)}
          onCreated={(integration) => {
            setAdding(false);
            setCreated(integration.id);
          }}
        />
      )}
    </ListScreen>
  );
}
