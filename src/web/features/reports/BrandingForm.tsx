import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors.ts';
import { useInvalidatePaths } from '../../api/query.ts';
import { describedBy, FieldFrame, TextField, useForm } from '../../components/form/index.ts';
import { useToasts } from '../../shell/index.ts';
import {
  deleteReportBranding,
  getReportBrandingLogo,
  REPORTS_AREA,
  type ReportBranding,
  setReportBranding,
} from './api.ts';

/** The logo limit the server states (PNG or SVG, 512 KiB). */
export const LOGO_MAX_BYTES = 512 * 1024;
const LOGO_TYPES = ['image/png', 'image/svg+xml'];
const HEX = /^#[0-9a-f]{6}$/i;

type Values = { primary: string; secondary: string; logo: File | null };

export interface BrandingFormProps {
  branding: ReportBranding;
  editable: boolean;
  onClose(): void;
  onGuard(guard: (close: () => void) => void): void;
}

/**
 * The colours and logo of one owner: contrast warnings as the server answers them (white on the
 * primary colour, the secondary on white), the logo's type and size checked before sending and
 * the server's refusal (too large, not PNG or SVG) shown under the logo field.
 */
export function BrandingForm({ branding, editable, onClose, onGuard }: BrandingFormProps) {
  const { t } = useTranslation('reports');
  const { t: common } = useTranslation();
  const { notify } = useToasts();
  const invalidate = useInvalidatePaths();
  const uid = useId();
  const [warnings, setWarnings] = useState(branding.warnings);
  const form = useForm<Values>({
    initial: () => ({ primary: branding.primary_color, secondary: branding.secondary_color, logo: null }),
    fieldOf: { primary_color: 'primary', secondary_color: 'secondary' },
    check: (values) => ({
      primary: HEX.test(values.primary) ? undefined : t('branding.colourFormat'),
      secondary: HEX.test(values.secondary) ? undefined : t('branding.colourFormat'),
      logo: !values.logo
        ? undefined
        : !LOGO_TYPES.includes(values.logo.type)
          ? t('branding.logoType')
          : values.logo.size > LOGO_MAX_BYTES
            ? t('branding.logoSize', { max: 512 })
            : undefined,
    }),
    submit: async (values) => {
      const saved = await setReportBranding(branding.id, values.primary, values.secondary, values.logo);
      setWarnings(saved.warnings);
      form.reset({ primary: saved.primary_color, secondary: saved.secondary_color, logo: null });
      notify({
        severity: saved.warnings.length ? 'warning' : 'success',
        title: t('branding.saved'),
        message: saved.warnings.length ? t('branding.savedWithWarnings') : '',
      });
      void invalidate(REPORTS_AREA);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 413) return;
      if (error instanceof ApiError && error.status === 400) return;
      notify({ severity: 'danger', title: t('errors.brandingSave'), message: common('tryAgainLater') });
    },
  });
  useEffect(() => onGuard(form.requestClose), [onGuard, form.requestClose]);
  const { values, set, errors } = form;
  // A 413 names no field: the logo is what was too large.
  const logoError =
    errors.logo ?? (form.failure && values.logo ? t('branding.logoSize', { max: 512 }) : undefined);
  const logo = useQuery({
    queryKey: ['report-branding-logo', branding.id, branding.updated_at],
    queryFn: () => getReportBrandingLogo(branding.id),
    enabled: branding.logo_type !== null && !branding.inherited,
  });
  const [logoUrl, setLogoUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!logo.data) return;
    const url = URL.createObjectURL(logo.data);
    setLogoUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [logo.data]);

  async function reset() {
    try {
      await deleteReportBranding(branding.id);
      notify({ severity: 'success', title: t('branding.removed'), message: '' });
      void invalidate(REPORTS_AREA);
    } catch {
      notify({ severity: 'danger', title: t('errors.brandingSave'), message: common('tryAgainLater') });
    }
  }

  const warningOf = (field: string) => {
    const w = warnings.find((x) => x.field === field);
    return w
      ? t(`branding.warning.${field === 'primary_color' ? 'primary' : 'secondary'}`, {
          ratio: w.ratio.toFixed(1),
        })
      : undefined;
  };
  return (
    <form className="form branding-form" {...form.formProps}>
      {branding.inherited && <p className="muted">{t('branding.inherited')}</p>}
      <fieldset disabled={!editable} className="report-builder__fieldset">
        <div className="report-fields__row">
          <ColourField
            id={`${uid}-primary`}
            label={t('branding.primary')}
            value={values.primary}
            error={errors.primary}
            warning={warningOf('primary_color')}
            onChange={(primary) => set({ primary })}
          />
          <ColourField
            id={`${uid}-secondary`}
            label={t('branding.secondary')}
            value={values.secondary}
            error={errors.secondary}
            warning={warningOf('secondary_color')}
            onChange={(secondary) => set({ secondary })}
          />
        </div>
        <FieldFrame
          id={`${uid}-logo`}
          label={t('branding.logo')}
          hint={t('branding.logoHint')}
          error={logoError}
        >
          <input
            id={`${uid}-logo`}
            type="file"
            accept="image/png,image/svg+xml"
            {...describedBy(`${uid}-logo`, { hint: true, error: logoError })}
            onChange={(event) => set({ logo: event.target.files?.[0] ?? null })}
          />
        </FieldFrame>
        {logoUrl && <img className="branding-form__logo" src={logoUrl} alt={t('branding.currentLogo')} />}
      </fieldset>
      {form.failure && !logoError && (
        <p className="field__error" role="alert">
          {form.failure}
        </p>
      )}
      <div className="form__footer">
        {editable && !branding.inherited && (
          <button type="button" className="button" onClick={() => void reset()}>
            {branding.owner === 'customer' ? t('branding.useProvider') : t('branding.useDefault')}
          </button>
        )}
        <button type="button" className="button" onClick={() => form.requestClose(onClose)}>
          {t('branding.close')}
        </button>
        {editable && (
          <button type="submit" className="button button--primary" disabled={form.busy}>
            {t('branding.save')}
          </button>
        )}
      </div>
      {form.prompt}
    </form>
  );
}

/** A colour as `#rrggbb` text beside the browser's picker, with the contrast warning under it. */
function ColourField(props: {
  id: string;
  label: string;
  value: string;
  error: string | undefined;
  warning: string | undefined;
  onChange(value: string): void;
}) {
  return (
    <div className="branding-colour">
      <TextField
        id={props.id}
        label={props.label}
        value={props.value}
        hint={props.warning}
        error={props.error}
        spellCheck={false}
        onChange={props.onChange}
      />
      <input
        type="color"
        className="branding-colour__picker"
        aria-label={props.label}
        value={HEX.test(props.value) ? props.value : '#000000'}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </div>
  );
}
