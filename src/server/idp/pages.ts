import { type IdpStrings, type Locale, STRINGS } from './i18n.ts';

/** Where the identity provider lives on our origin; its static files are under `${IDP_PREFIX}/assets/`. */
export const IDP_PREFIX = '/idp';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/**
 * Styles are inline (the CSP allows inline styles, not scripts). System colours follow the
 * operating system's light or dark preference; focus is always visible for keyboard users.
 */
const STYLE = `
:root{color-scheme:light dark;--bg:#f4f5f7;--card:#fff;--text:#1b1f24;--muted:#57606a;--border:#8c959f;--accent:#0b57d0;--accent-text:#fff;--error:#b3261e;--error-bg:#fdecea}
@media (prefers-color-scheme:dark){:root{--bg:#0f1115;--card:#1a1d23;--text:#e6e8eb;--muted:#a7b0ba;--border:#6e7781;--accent:#8ab4f8;--accent-text:#0f1115;--error:#ffb4ab;--error-bg:#3b1512}}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:grid;place-items:center;background:var(--bg);color:var(--text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{width:min(100% - 2rem,24rem);background:var(--card);border:1px solid var(--border);border-radius:12px;padding:2rem}
h1{font-size:1.5rem;margin:0 0 1.5rem}
p{margin:0 0 1rem}
label{display:block;font-weight:600;margin:0 0 .25rem}
input{display:block;width:100%;font:inherit;color:inherit;background:transparent;border:1px solid var(--border);border-radius:6px;padding:.5rem .75rem;margin:0 0 1rem}
button,.button{display:inline-block;width:100%;font:inherit;font-weight:600;text-align:center;text-decoration:none;border:0;border-radius:6px;padding:.6rem 1rem;background:var(--accent);color:var(--accent-text);cursor:pointer}
:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.error{color:var(--error);background:var(--error-bg);border-radius:6px;padding:.5rem .75rem;margin:0 0 1rem}
.error:empty{display:none}
.muted{color:var(--muted)}
`;

interface LayoutOptions {
  locale: Locale;
  title: string;
  body: string;
  /** A static script under /idp/assets/ (inline scripts are refused by the CSP). */
  script?: string;
}

export function layout({ locale, title, body, script }: LayoutOptions) {
  const scriptTag = script ? `<script src="${IDP_PREFIX}/assets/${script}" defer></script>` : '';
  return `<!DOCTYPE html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
${scriptTag}
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>`;
}

export interface SignInPageOptions {
  locale: Locale;
  action: string;
  email?: string;
  error?: keyof Pick<IdpStrings, 'incorrectCredentials' | 'missingCredentials' | 'tooManyAttempts'>;
}

/** The sign-in form: labelled fields, one button, an alert region the error is announced from. */
export function signInPage({ locale, action, email = '', error }: SignInPageOptions) {
  const t = STRINGS[locale];
  const invalid = error ? ' aria-invalid="true" aria-describedby="signin-error"' : '';
  // Focus goes where the person has to act: the e-mail field first, the password after a refusal.
  const focusEmail = !error || !email ? ' autofocus' : '';
  const focusPassword = focusEmail ? '' : ' autofocus';
  const body = `<form method="post" action="${escapeHtml(action)}" novalidate>
<div id="signin-error" class="error" role="alert">${error ? escapeHtml(t[error]) : ''}</div>
<label for="email">${escapeHtml(t.emailLabel)}</label>
<input id="email" name="email" type="email" autocomplete="username" inputmode="email" spellcheck="false" required value="${escapeHtml(email)}"${invalid}${focusEmail}>
<label for="password">${escapeHtml(t.passwordLabel)}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${invalid}${focusPassword}>
<button type="submit">${escapeHtml(t.signIn)}</button>
</form>`;
  return layout({ locale, title: t.signInTitle, body });
}

/**
 * The end-session confirmation. logout.js presses the button at once, so people are not asked
 * twice; without JavaScript the button is there to press.
 */
export function signOutPage(locale: Locale, providerForm: string) {
  const t = STRINGS[locale];
  const body = `<p class="muted">${escapeHtml(t.signingOut)}</p>
${providerForm}
<button type="submit" form="op.logoutForm" name="logout" value="yes" data-auto-submit autofocus>${escapeHtml(t.signOut)}</button>`;
  return layout({ locale, title: t.signOutTitle, body, script: 'logout.js' });
}

export function signedOutPage(locale: Locale, signInUrl: string) {
  const t = STRINGS[locale];
  const body = `<p>${escapeHtml(t.signedOutText)}</p>
<a class="button" href="${escapeHtml(signInUrl)}">${escapeHtml(t.signInAgain)}</a>`;
  return layout({ locale, title: t.signedOutTitle, body });
}

/** Errors: a translated explanation, the provider's error code for support, and a way back in. */
export function problemPage(locale: Locale, options: { expired?: boolean; code?: string; startUrl: string }) {
  const t = STRINGS[locale];
  const detail = options.code ? `<p class="muted"><code>${escapeHtml(options.code)}</code></p>` : '';
  const body = `<p role="alert">${escapeHtml(options.expired ? t.expiredText : t.problemText)}</p>
${detail}
<a class="button" href="${escapeHtml(options.startUrl)}">${escapeHtml(t.startAgain)}</a>`;
  return layout({ locale, title: t.problemTitle, body });
}

/**
 * Adds origins to the CSP's form-action. The sign-in and sign-out forms post to us, but the
 * browser then follows redirects to the relying party, which Chrome and Firefox also check
 * against form-action; the console may be opened on 127.0.0.1 while the IdP answers on localhost.
 */
export function widenFormAction(csp: string, origins: readonly string[]) {
  if (!csp) return csp;
  return csp
    .split(';')
    .map((directive) => {
      const trimmed = directive.trim();
      if (!trimmed.startsWith('form-action')) return trimmed;
      const values = new Set(trimmed.split(/\s+/).slice(1));
      for (const origin of origins) values.add(origin);
      return ['form-action', ...values].join(' ');
    })
    .join(';');
}
