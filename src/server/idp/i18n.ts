/** Every text the identity provider's pages show; each locale must translate all of them. */
export interface IdpStrings {
  signInTitle: string;
  emailLabel: string;
  passwordLabel: string;
  signIn: string;
  incorrectCredentials: string;
  missingCredentials: string;
  tooManyAttempts: string;
  signOutTitle: string;
  signingOut: string;
  signOut: string;
  signedOutTitle: string;
  signedOutText: string;
  signInAgain: string;
  problemTitle: string;
  problemText: string;
  expiredText: string;
  startAgain: string;
}

export const LOCALES = ['en-GB', 'en-US', 'de-DE', 'fi-FI'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-GB';

const enGB: IdpStrings = {
  signInTitle: 'Sign in to Watchfloor',
  emailLabel: 'E-mail',
  passwordLabel: 'Password',
  signIn: 'Sign in',
  incorrectCredentials: 'Incorrect e-mail or password.',
  missingCredentials: 'Enter your e-mail and password.',
  tooManyAttempts: 'Too many sign-in attempts. Wait a few minutes, then try again.',
  signOutTitle: 'Sign out of Watchfloor',
  signingOut: 'Signing you out…',
  signOut: 'Sign out',
  signedOutTitle: 'Signed out',
  signedOutText: 'You have signed out of Watchfloor.',
  signInAgain: 'Sign in again',
  problemTitle: 'Sign-in problem',
  problemText: 'Something went wrong while signing you in.',
  expiredText: 'This sign-in page has expired.',
  startAgain: 'Start again',
};

export const STRINGS: Record<Locale, IdpStrings> = {
  'en-GB': enGB,
  'en-US': {
    ...enGB,
    emailLabel: 'Email',
    incorrectCredentials: 'Incorrect email or password.',
    missingCredentials: 'Enter your email and password.',
  },
  'de-DE': {
    signInTitle: 'Bei Watchfloor anmelden',
    emailLabel: 'E-Mail-Adresse',
    passwordLabel: 'Passwort',
    signIn: 'Anmelden',
    incorrectCredentials: 'E-Mail-Adresse oder Passwort ist falsch.',
    missingCredentials: 'Geben Sie Ihre E-Mail-Adresse und Ihr Passwort ein.',
    tooManyAttempts: 'Zu viele Anmeldeversuche. Warten Sie einige Minuten und versuchen Sie es dann erneut.',
    signOutTitle: 'Von Watchfloor abmelden',
    signingOut: 'Sie werden abgemeldet …',
    signOut: 'Abmelden',
    signedOutTitle: 'Abgemeldet',
    signedOutText: 'Sie haben sich von Watchfloor abgemeldet.',
    signInAgain: 'Erneut anmelden',
    problemTitle: 'Problem bei der Anmeldung',
    problemText: 'Bei der Anmeldung ist ein Fehler aufgetreten.',
    expiredText: 'Diese Anmeldeseite ist abgelaufen.',
    startAgain: 'Neu beginnen',
  },
  'fi-FI': {
    signInTitle: 'Kirjaudu Watchflooriin',
    emailLabel: 'Sähköposti',
    passwordLabel: 'Salasana',
    signIn: 'Kirjaudu sisään',
    incorrectCredentials: 'Väärä sähköpostiosoite tai salasana.',
    missingCredentials: 'Anna sähköpostiosoitteesi ja salasanasi.',
    tooManyAttempts: 'Liian monta kirjautumisyritystä. Odota muutama minuutti ja yritä sitten uudelleen.',
    signOutTitle: 'Kirjaudu ulos Watchfloorista',
    signingOut: 'Kirjaudutaan ulos…',
    signOut: 'Kirjaudu ulos',
    signedOutTitle: 'Kirjauduit ulos',
    signedOutText: 'Olet kirjautunut ulos Watchfloorista.',
    signInAgain: 'Kirjaudu uudelleen',
    problemTitle: 'Kirjautumisongelma',
    problemText: 'Kirjautumisessa tapahtui virhe.',
    expiredText: 'Tämä kirjautumissivu on vanhentunut.',
    startAgain: 'Aloita alusta',
  },
};

/** The language a tag asks for, by exact match, then by language alone (any other English is en-GB). */
function match(tag: string): Locale | undefined {
  const wanted = tag.trim().toLowerCase();
  const exact = LOCALES.find((locale) => locale.toLowerCase() === wanted);
  if (exact) return exact;
  const language = wanted.split('-')[0];
  return LOCALES.find((locale) => locale.toLowerCase().startsWith(`${language}-`));
}

/** Accept-Language tags, best first (q=0 means "not this one"). */
export function acceptLanguageTags(header: string): string[] {
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

/** ui_locales (the relying party's choice, space-separated) wins over the browser's Accept-Language. */
export function chooseLocale(uiLocales: unknown, acceptLanguage: string | undefined): Locale {
  const requested = typeof uiLocales === 'string' ? uiLocales.split(/\s+/) : [];
  for (const tag of [...requested, ...acceptLanguageTags(acceptLanguage ?? '')]) {
    const locale = tag ? match(tag) : undefined;
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}
