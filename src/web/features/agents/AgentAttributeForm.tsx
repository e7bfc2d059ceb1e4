import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors.ts';
import { setAgentAttribute } from './api.ts';

const NAME = /^[a-z][a-z0-9_]*$/;

/**
 * Sets one attribute of the agent (`PUT /agents/{id}/attributes/{name}`): its value, and when it
 * stops applying if it should. Numbers and true/false are sent as such, anything else as text.
 */
export function AgentAttributeForm({ agentId, onSaved }: { agentId: string; onSaved(): void }) {
  const { t } = useTranslation('agents');
  const id = useId();
  const [name, setName] = useState('');
  const [value, setValue] = useState('');
  const [expires, setExpires] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const validName = NAME.test(name.trim());

  const typed = (): string | number | boolean => {
    const text = value.trim();
    if (text === 'true' || text === 'false') return text === 'true';
    return text !== '' && Number.isFinite(Number(text)) ? Number(text) : value;
  };

  const submit = async () => {
    setBusy(true);
    setMessage('');
    try {
      const until = expires ? new Date(expires).toISOString() : null;
      await setAgentAttribute(agentId, name.trim(), typed(), until);
      setMessage(t('attributes.saved', { name: name.trim() }));
      setName('');
      setValue('');
      setExpires('');
      onSaved();
    } catch (error) {
      const field = error instanceof ApiError ? error.fields?.[0]?.field : undefined;
      setMessage(field ? t('attributes.invalid', { field }) : t('attributes.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="agent-page__request"
      aria-label={t('attributes.title')}
      onSubmit={(e) => {
        e.preventDefault();
        if (validName) void submit();
      }}
    >
      <label htmlFor={`${id}-name`}>
        {t('attributes.name')}
        <input
          id={`${id}-name`}
          className="input"
          value={name}
          maxLength={64}
          aria-invalid={name !== '' && !validName}
          aria-describedby={`${id}-hint`}
          onChange={(e) => setName(e.target.value)}
        />
      </label>
      <label htmlFor={`${id}-value`}>
        {t('attributes.value')}
        <input
          id={`${id}-value`}
          className="input"
          value={value}
          maxLength={1024}
          onChange={(e) => setValue(e.target.value)}
        />
      </label>
      <label htmlFor={`${id}-expires`}>
        {t('attributes.expires')}
        <input
          id={`${id}-expires`}
          className="input"
          type="datetime-local"
          value={expires}
          onChange={(e) => setExpires(e.target.value)}
        />
      </label>
      <button type="submit" className="button button--primary" disabled={!validName || busy}>
        {t('attributes.submit')}
      </button>
      <p id={`${id}-hint`} className="muted">
        {t('attributes.hint')}
      </p>
      <p role="status">{message}</p>
    </form>
  );
}
