import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { message } from "../i18n/messages.ts";
import { mailboxListPage, mailboxMessagePage, mailboxNotFoundPage } from "./mailbox.page.ts";
import type { MailboxService } from "./mailbox.service.ts";

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply
    .status(status)
    .type("text/html; charset=utf-8")
    .header("cache-control", "no-store")
    .header("x-robots-tag", "noindex")
    .send(html);
}

/**
 * /dev/mailbox: the built-in mailbox, registered only while no SMTP server is configured. On the
 * development server anyone may read it. A production build holds real customers' mails
 * (confirmation and reset links), so there it does not exist unless DEV_MAILBOX=1, and then only
 * a signed-in staff member reads it: where a request comes from proves nothing behind a proxy.
 */
export function registerMailboxRoutes(app: FastifyInstance, deps: { mailbox: MailboxService; production: boolean; enabledInProduction: boolean }): void {
  if (deps.production && !deps.enabledInProduction) return;
  const allowed = async (request: FastifyRequest, reply: FastifyReply) => {
    if (deps.production && !request.staff) {
      return reply.status(404).type("text/plain; charset=utf-8").send(message("notFound", request.locale));
    }
  };

  app.get("/dev/mailbox", { onRequest: allowed }, async (request, reply) => {
    const messages = await deps.mailbox.list({ limit: 200 });
    return sendPage(reply, 200, mailboxListPage(messages, request.locale, reply.cspNonce?.style));
  });

  app.get("/dev/mailbox/:id", { onRequest: allowed }, async (request, reply) => {
    const params = idParams.safeParse(request.params);
    const found = params.success ? await deps.mailbox.find(params.data.id) : undefined;
    if (!found) return sendPage(reply, 404, mailboxNotFoundPage(request.locale, reply.cspNonce?.style));
    return sendPage(reply, 200, mailboxMessagePage(found, request.locale, reply.cspNonce?.style));
  });
}
