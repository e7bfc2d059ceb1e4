import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFailure, TextField, useForm, useIssueMessage } from '../../components/form/index.ts';
import { setAgentAttribute } from './api.ts';

/** The path's pattern for an attribute name (openapi/paths/agents.yaml); a path parameter is not in the body's rules. */
const NAME = /^[a-z][a-z0-9_]*$/;

interface Draft extends Record<string, unknown> {
  name: string;
  value: string;
  expires: string;
}

const EMPTY: Draft = { name: '', value: '', expires: '' };

/** Numbers and true/false are sent as such, anything else as text. */
function typed(value: string): string | number | boolean {
  const text = value.trim();
  if (text === 'true' || text === 'false') return text === 'true';
  return text !== '' && Number.isFinite(Number(text)) ? Number(text) : value;
}

/**
 * Sets one attribute of the agent (`PUT /agents/{id}/attributes/{name}`): its value, and when it
 * stops applying if it should. On the field kit: the value is checked by the contract's
 * setAgentAttribute rules, the name by the path's pattern, and the server's refusals show under
 * their fields.
 */
export function AgentAttributeForm({ agentId, onSaved }: { agentId: string; onSaved(): void }) {
  const { t } = useTranslation('agents');
  const issueMessage = useIssueMessage();
  const id = useId();
  const [saved, setSaved] = useState('');
  const form = useForm<Draft>({
    initial: EMPTY,
    schema: 'setAgentAttribute',
    toContract: (draft) => ({ value: draft.value, expires_at: draft.expires || undefined }),
    fieldOf: { expires_at: 'expires' },
    // The name is a path parameter, which the body's rules do not cover.
    check: (draft) => {
      const name = draft.name.trim();
      if (!name) return { name: issueMessage({ key: 'required' }) };
      return NAME.test(name) ? {} : { name: t('attributes.hint') };
    },
    submit: async (draft) => {
      setSaved('');
      const until = draft.expires ? new Date(draft.expires).toISOString() : null;
      await setAgentAttribute(agentId, draft.name.trim(), typed(draft.value), until);
      setSaved(t('attributes.saved', { name: draft.name.trim() }));
      form.reset(EMPTY);
      onSaved();
    },
  });
  const { values, set, errors } = form;

  return (
    <form className="agent-page__request" aria-label={t('attributes.title')} {...form.formProps}>
      <TextField
        id={`${id}-name`}
        label={t('attributes.name')}
        required
        value={values.name}
        hint={t('attributes.hint')}
        error={errors.name}
        onChange={(name) => set({ name })}
      />
      <TextField
        id={`${id}-value`}
        label={t('attributes.value')}
        required
        value={values.value}
        error={errors.value}
        onChange={(value) => set({ value })}
      />
      <TextField
        id={`${id}-expires`}
        label={t('attributes.expires')}
        type="datetime-local"
        value={values.expires}
        error={errors.expires}
        onChange={(expires) => set({ expires })}
      />
      <button type="submit" className="button button--primary" disabled={form.busy}>
        {t('attributes.submit')}
      </button>
      <FormFailure failure={form.failure} />
      <p role="status">{saved}</p>
      {form.prompt}
    </form>
  );
}
