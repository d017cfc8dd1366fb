import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { message } from "../i18n/messages.ts";
import { mailboxListPage, mailboxMessagePage, mailboxNotFoundPage } from "./mailbox.page.ts";
import type { MailboxService } from "./mailbox.service.ts";

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply.status(status).type("text/html; charset=utf-8").header("cache-control", "no-store").header("x-robots-tag", "noindex").send(html);
}

/**
 * /dev/mailbox: the built-in mailbox, registered only while no SMTP server is configured. On the
 * development server anyone may read it. A production build holds real customers' mails
 * (confirmation and reset links), so there it does not exist unless DEV_MAILBOX=1, and then only
 * a signed-in staff member reads it: where a request comes from proves nothing behind a proxy.
 */
export function registerMailboxRoutes(fastify: FastifyInstance, deps: { mailbox: MailboxService; production: boolean; enabledInProduction: boolean }): void {
  if (deps.production && !deps.enabledInProduction) return;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const allowed = async (request: FastifyRequest, reply: FastifyReply) => {
    if (deps.production && !request.staff) {
      return reply.status(404).type("text/plain; charset=utf-8").send(message("notFound", request.locale));
    }
  };

  app.get("/dev/mailbox", { onRequest: allowed }, async (request, reply) => {
    const messages = await deps.mailbox.list({ limit: 200 });
    return sendPage(reply, 200, mailboxListPage(messages, request.locale, reply.cspNonce?.style));
  });

  // An id that is no number is the mailbox's own not-found page, as an unknown one is.
  app.get("/dev/mailbox/:id", { onRequest: allowed, schema: { params: idParams }, attachValidation: true }, async (request, reply) => {
    const found = request.validationError ? undefined : await deps.mailbox.find(request.params.id);
    if (!found) return sendPage(reply, 404, mailboxNotFoundPage(request.locale, reply.cspNonce?.style));
    return sendPage(reply, 200, mailboxMessagePage(found, request.locale, reply.cspNonce?.style));
  });
}
