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
  setPasswordTitle: string;
  setPasswordIntro: string;
  newPasswordLabel: string;
  confirmPasswordLabel: string;
  passwordHint: string;
  setPassword: string;
  passwordTooShort: string;
  passwordsDiffer: string;
  invitationInvalid: string;
  passwordSetTitle: string;
  passwordSetText: string;
  signInNow: string;
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
  setPasswordTitle: 'Set your password',
  setPasswordIntro: 'Choose the password you will sign in to Watchfloor with as {email}.',
  newPasswordLabel: 'New password',
  confirmPasswordLabel: 'Repeat the new password',
  passwordHint: 'At least 12 characters.',
  setPassword: 'Set password',
  passwordTooShort: 'The password must be at least 12 characters long.',
  passwordsDiffer: 'The two passwords are not the same.',
  invitationInvalid:
    'This invitation link is not valid: it has been used, has expired or was replaced by a newer one. Ask the person who invited you to send it again.',
  passwordSetTitle: 'Password set',
  passwordSetText: 'Your password is set. Sign in with your e-mail address and the new password.',
  signInNow: 'Sign in',
};

export const STRINGS: Record<Locale, IdpStrings> = {
  'en-GB': enGB,
  'en-US': {
    ...enGB,
    emailLabel: 'Email',
    incorrectCredentials: 'Incorrect email or password.',
    missingCredentials: 'Enter your email and password.',
    passwordSetText: 'Your password is set. Sign in with your email address and the new password.',
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
    setPasswordTitle: 'Passwort festlegen',
    setPasswordIntro: 'Wählen Sie das Passwort, mit dem Sie sich als {email} bei Watchfloor anmelden.',
    newPasswordLabel: 'Neues Passwort',
    confirmPasswordLabel: 'Neues Passwort wiederholen',
    passwordHint: 'Mindestens 12 Zeichen.',
    setPassword: 'Passwort festlegen',
    passwordTooShort: 'Das Passwort muss mindestens 12 Zeichen lang sein.',
    passwordsDiffer: 'Die beiden Passwörter stimmen nicht überein.',
    invitationInvalid:
      'Dieser Einladungslink ist ungültig: Er wurde bereits verwendet, ist abgelaufen oder wurde durch einen neueren ersetzt. Bitten Sie die Person, die Sie eingeladen hat, ihn erneut zu senden.',
    passwordSetTitle: 'Passwort festgelegt',
    passwordSetText:
      'Ihr Passwort ist festgelegt. Melden Sie sich mit Ihrer E-Mail-Adresse und dem neuen Passwort an.',
    signInNow: 'Anmelden',
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
    setPasswordTitle: 'Aseta salasana',
    setPasswordIntro: 'Valitse salasana, jolla kirjaudut Watchflooriin osoitteella {email}.',
    newPasswordLabel: 'Uusi salasana',
    confirmPasswordLabel: 'Toista uusi salasana',
    passwordHint: 'Vähintään 12 merkkiä.',
    setPassword: 'Aseta salasana',
    passwordTooShort: 'Salasanan on oltava vähintään 12 merkkiä pitkä.',
    passwordsDiffer: 'Salasanat eivät ole samat.',
    invitationInvalid:
      'Tämä kutsulinkki ei kelpaa: se on jo käytetty, vanhentunut tai korvattu uudemmalla. Pyydä kutsun lähettäjää lähettämään se uudelleen.',
    passwordSetTitle: 'Salasana asetettu',
    passwordSetText: 'Salasanasi on asetettu. Kirjaudu sähköpostiosoitteellasi ja uudella salasanalla.',
    signInNow: 'Kirjaudu sisään',
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
