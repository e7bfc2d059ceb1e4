import { chooseLocale, type Locale } from '../../idp/i18n.ts';

/** Every text of the acknowledge pages; each locale translates all of them. askIntro's arguments arrive escaped; result texts are escaped whole. */
export interface AckWords {
  askTitle: (alert: number) => string;
  askIntro: (contact: string, alert: number, plan: string) => string;
  askStops: string;
  askButton: (alert: number) => string;
  endedTitle: string;
  resultTitle: string;
  thanks: (contact: string, alert: number) => string;
  alreadyAcknowledged: (by: string) => string;
  someoneElse: string;
  alreadyStopped: string;
  alreadyEnded: string;
}

const enGB: AckWords = {
  askTitle: (alert) => `Acknowledge alert ${alert}?`,
  askIntro: (contact, alert, plan) =>
    `${contact}, you are being told about alert ${alert} through the escalation plan ${plan}.`,
  askStops: 'Acknowledging stops the escalation: nobody else is told.',
  askButton: (alert) => `Acknowledge alert ${alert}`,
  endedTitle: 'Escalation ended',
  resultTitle: 'Alert acknowledgement',
  thanks: (contact, alert) =>
    `Thank you, ${contact}: alert ${alert} is acknowledged and the escalation has stopped.`,
  alreadyAcknowledged: (by) => `This escalation was already acknowledged by ${by}.`,
  someoneElse: 'someone else',
  alreadyStopped: 'This escalation already stopped: the alert was taken up in the console.',
  alreadyEnded: 'This escalation already ended: every step was told.',
};

export const ACK_WORDS: Record<Locale, AckWords> = {
  'en-GB': enGB,
  'en-US': {
    ...enGB,
    alreadyAcknowledged: (by) => `This escalation has already been acknowledged by ${by}.`,
    alreadyStopped: 'This escalation has already stopped: the alert was picked up in the console.',
    alreadyEnded: 'This escalation has already ended: every step was notified.',
  },
  'de-DE': {
    askTitle: (alert) => `Alarm ${alert} bestätigen?`,
    askIntro: (contact, alert, plan) =>
      `${contact}, Sie werden über den Eskalationsplan ${plan} über Alarm ${alert} benachrichtigt.`,
    askStops: 'Die Bestätigung beendet die Eskalation: Niemand sonst wird benachrichtigt.',
    askButton: (alert) => `Alarm ${alert} bestätigen`,
    endedTitle: 'Eskalation beendet',
    resultTitle: 'Alarmbestätigung',
    thanks: (contact, alert) => `Danke, ${contact}: Alarm ${alert} ist bestätigt und die Eskalation beendet.`,
    alreadyAcknowledged: (by) => `Diese Eskalation wurde bereits von ${by} bestätigt.`,
    someoneElse: 'jemand anderem',
    alreadyStopped: 'Diese Eskalation wurde bereits beendet: Der Alarm wurde in der Konsole übernommen.',
    alreadyEnded: 'Diese Eskalation ist bereits abgelaufen: Alle Stufen wurden benachrichtigt.',
  },
  'fi-FI': {
    askTitle: (alert) => `Kuitataanko hälytys ${alert}?`,
    askIntro: (contact, alert, plan) =>
      `${contact}, sinulle ilmoitetaan hälytyksestä ${alert} eskalointisuunnitelman ${plan} kautta.`,
    askStops: 'Kuittaus pysäyttää eskaloinnin: kenellekään muulle ei ilmoiteta.',
    askButton: (alert) => `Kuittaa hälytys ${alert}`,
    endedTitle: 'Eskalointi päättyi',
    resultTitle: 'Hälytyksen kuittaus',
    thanks: (contact, alert) => `Kiitos, ${contact}: hälytys ${alert} on kuitattu ja eskalointi pysäytetty.`,
    alreadyAcknowledged: (by) => `Tämän eskaloinnin on jo kuitannut ${by}.`,
    someoneElse: 'joku muu',
    alreadyStopped: 'Tämä eskalointi on jo pysäytetty: hälytys otettiin käsittelyyn konsolissa.',
    alreadyEnded: 'Tämä eskalointi on jo päättynyt: kaikille vaiheille ilmoitettiin.',
  },
};

/**
 * The page's language: a contact or plan has no language setting, so the browser's
 * Accept-Language decides, else British English.
 */
export function ackLocale(acceptLanguage: string | undefined): Locale {
  return chooseLocale(undefined, acceptLanguage);
}
