import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  acceptInvitation,
  findInvitation,
  INVITATION_PATH,
  MIN_PASSWORD_LENGTH,
} from '../auth/invitations.ts';
import type { Db } from '../db/types.ts';
import type { Locale } from './i18n.ts';
import { invitationInvalidPage, passwordSetPage, setPasswordPage } from './invitation-pages.ts';

interface Options {
  db: Db;
  signInUrl: string;
  html: (reply: FastifyReply, status: number, body: string) => FastifyReply;
  localeFor: (request: FastifyRequest) => Locale;
}
interface LinkParams {
  link: string;
}

/**
 * The invitation link's page: whoever holds the link sets the account's password once, then
 * signs in through the ordinary sign-in page. A spent, expired, replaced or unknown link shows
 * the same page, so the link gives nothing away.
 */
export function invitationRoutes(app: FastifyInstance, { db, signInUrl, html, localeFor }: Options) {
  const action = (link: string) => `${INVITATION_PATH}/${encodeURIComponent(link)}`;

  app.get<{ Params: LinkParams }>(`${INVITATION_PATH}/:link`, async (request, reply) => {
    const locale = localeFor(request);
    const found = await findInvitation(db, request.params.link);
    if (!found) return html(reply, 404, invitationInvalidPage(locale, signInUrl));
    return html(
      reply,
      200,
      setPasswordPage({ locale, action: action(request.params.link), email: found.email }),
    );
  });

  app.post<{ Params: LinkParams; Body: Record<string, unknown> | undefined }>(
    `${INVITATION_PATH}/:link`,
    async (request, reply) => {
      const locale = localeFor(request);
      const link = request.params.link;
      const found = await findInvitation(db, link);
      if (!found) return html(reply, 404, invitationInvalidPage(locale, signInUrl));
      const password = typeof request.body?.password === 'string' ? request.body.password : '';
      const confirm = typeof request.body?.confirm === 'string' ? request.body.confirm : '';
      const again = (error: 'passwordTooShort' | 'passwordsDiffer') =>
        html(reply, 400, setPasswordPage({ locale, action: action(link), email: found.email, error }));
      if (password.length < MIN_PASSWORD_LENGTH) return again('passwordTooShort');
      if (password !== confirm) return again('passwordsDiffer');
      if (!(await acceptInvitation(db, link, password)))
        return html(reply, 404, invitationInvalidPage(locale, signInUrl));
      return html(reply, 200, passwordSetPage(locale, signInUrl));
    },
  );
}
