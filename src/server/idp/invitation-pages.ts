import type { Locale } from './i18n.ts';
import { STRINGS } from './i18n.ts';
import { escapeHtml, layout } from './pages.ts';

export interface SetPasswordPageOptions {
  locale: Locale;
  action: string;
  email: string;
  error?: 'passwordTooShort' | 'passwordsDiffer';
}

/** The invitation's set-password form: both fields labelled, the hint and any error announced. */
export function setPasswordPage({ locale, action, email, error }: SetPasswordPageOptions) {
  const t = STRINGS[locale];
  const invalid = error ? ' aria-invalid="true"' : '';
  const body = `<p>${escapeHtml(t.setPasswordIntro.replace('{email}', email))}</p>
<form method="post" action="${escapeHtml(action)}" novalidate>
<div id="password-error" class="error" role="alert">${error ? escapeHtml(t[error]) : ''}</div>
<input type="hidden" name="username" autocomplete="username" value="${escapeHtml(email)}">
<label for="password">${escapeHtml(t.newPasswordLabel)}</label>
<input id="password" name="password" type="password" autocomplete="new-password" minlength="12" required aria-describedby="password-hint password-error"${invalid} autofocus>
<p id="password-hint" class="muted">${escapeHtml(t.passwordHint)}</p>
<label for="confirm">${escapeHtml(t.confirmPasswordLabel)}</label>
<input id="confirm" name="confirm" type="password" autocomplete="new-password" required${invalid}>
<button type="submit">${escapeHtml(t.setPassword)}</button>
</form>`;
  return layout({ locale, title: t.setPasswordTitle, body });
}

export function invitationInvalidPage(locale: Locale, signInUrl: string) {
  const t = STRINGS[locale];
  const body = `<p role="alert">${escapeHtml(t.invitationInvalid)}</p>
<a class="button" href="${escapeHtml(signInUrl)}">${escapeHtml(t.signInNow)}</a>`;
  return layout({ locale, title: t.problemTitle, body });
}

export function passwordSetPage(locale: Locale, signInUrl: string) {
  const t = STRINGS[locale];
  const body = `<p role="status">${escapeHtml(t.passwordSetText)}</p>
<a class="button" href="${escapeHtml(signInUrl)}" autofocus>${escapeHtml(t.signInNow)}</a>`;
  return layout({ locale, title: t.passwordSetTitle, body });
}
