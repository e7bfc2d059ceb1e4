import type { Locale } from '../../idp/i18n.ts';
import { ACK_WORDS } from './ack-words.ts';

/** The acknowledge link's pages: plain HTML the server writes, no script (the strict CSP allows none inline). */

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function page(locale: Locale, title: string, body: string): string {
  return `<!doctype html>
<html lang="${locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title></head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>
`;
}

/**
 * What the link opens: it asks first. Mail scanners and link previews follow links (GET) but do
 * not press buttons, so only the form's POST acknowledges.
 */
export function askPage(
  locale: Locale,
  input: { token: string; contact: string; alertId: number; planName: string },
): string {
  const words = ACK_WORDS[locale];
  return page(
    locale,
    words.askTitle(input.alertId),
    `<p>${words.askIntro(escapeHtml(input.contact), input.alertId, escapeHtml(input.planName))}</p>
<p>${escapeHtml(words.askStops)}</p>
<form method="post" action="/api/escalations/v1/acknowledge">
<input type="hidden" name="token" value="${escapeHtml(input.token)}">
<button type="submit">${escapeHtml(words.askButton(input.alertId))}</button>
</form>`,
  );
}

/** What happened, after the button or for a link of an escalation that already ended. */
export function resultPage(locale: Locale, title: string, message: string): string {
  return page(locale, title, `<p>${escapeHtml(message)}</p>`);
}
