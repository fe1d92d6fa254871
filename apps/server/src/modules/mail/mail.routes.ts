import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAIL_BODY_MAX_CHARS, mailEndpoints } from '@beacon/contract';
import { routeOf, signedInRoutes } from '../../lib/responses.ts';
import { sendStoredFile, type Storage } from '../../lib/storage/index.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { MailService } from './mail.service.ts';

/** A composed mail's JSON body: its HTML and text at four bytes a character, escaped, and the rest. */
const COMPOSE_BODY_LIMIT = MAIL_BODY_MAX_CHARS * 2 * 4 * 2 + 64 * 1024;

/**
 * The mail calls, from `mailEndpoints`. Reading is open to every member for the mailboxes they
 * read; sending, drafts, flags, labels, moves and mailboxes are writes (viewers get 403); the
 * domains are the admins'.
 */
export const mailRoutes: FastifyPluginAsyncZod<{ service: MailService; storage: Storage }> = async (
  app,
  { service, storage },
) => {
  const { readAt, writeAt, tags, security } = signedInRoutes(app, ['mail']);
  const admin = app.requireRole('admin');
  const adminAt: typeof writeAt = (endpoint, extra) => ({
    ...writeAt(endpoint, extra),
    onRequest: admin,
  });
  const e = mailEndpoints;
  const compose = { bodyLimit: COMPOSE_BODY_LIMIT };

  app.route({
    ...readAt(e.labels),
    handler: async (request) => ({
      labels: await service.labels(requireAuth(request), request.query.mailboxId),
    }),
  });
  app.route({
    ...readAt(e.mails),
    handler: async (request) => service.mails(requireAuth(request), request.query),
  });
  app.route({
    ...readAt(e.mail),
    handler: async (request) => ({
      mail: await service.mail(requireAuth(request), request.query.mailId),
    }),
  });
  app.route({
    ...readAt(e.thread),
    handler: async (request) => service.thread(requireAuth(request), request.query.mailId),
  });

  app.route({
    ...writeAt(e.send, compose),
    handler: async (request, reply) =>
      reply.status(201).send({ mail: await service.send(requireAuth(request), request.body) }),
  });
  app.route({
    ...writeAt(e.reply, compose),
    handler: async (request, reply) =>
      reply
        .status(201)
        .send({ mail: await service.respond(requireAuth(request), request.body, 'reply') }),
  });
  app.route({
    ...writeAt(e.forward, compose),
    handler: async (request, reply) =>
      reply
        .status(201)
        .send({ mail: await service.respond(requireAuth(request), request.body, 'forward') }),
  });
  app.route({
    ...writeAt(e.saveDraft, compose),
    handler: async (request) => ({
      mail: await service.saveDraft(requireAuth(request), request.body),
    }),
  });
  app.route({
    ...writeAt(e.undoSend),
    handler: async (request) => ({
      mail: await service.undoSend(requireAuth(request), request.body.mailId),
    }),
  });

  const flag = (
    endpoint: typeof e.star | typeof e.important | typeof e.read,
    name: 'starred' | 'important' | 'seen',
  ) =>
    app.route({
      ...writeAt(endpoint),
      handler: async (request) => ({
        mailIds: await service.setFlag(
          requireAuth(request),
          request.body.mailIds,
          name,
          request.body.value,
        ),
      }),
    });
  flag(e.star, 'starred');
  flag(e.important, 'important');
  flag(e.read, 'seen');

  app.route({
    ...writeAt(e.applyLabel),
    handler: async (request) => ({
      mailIds: await service.applyLabel(
        requireAuth(request),
        request.body.mailIds,
        request.body.labelId,
        true,
      ),
    }),
  });
  app.route({
    ...writeAt(e.removeLabel),
    handler: async (request) => ({
      mailIds: await service.applyLabel(
        requireAuth(request),
        request.body.mailIds,
        request.body.labelId,
        false,
      ),
    }),
  });
  app.route({
    ...writeAt(e.move),
    handler: async (request) => ({
      mailIds: await service.move(requireAuth(request), request.body.mailIds, request.body.folder),
    }),
  });
  app.route({
    ...writeAt(e.archive),
    handler: async (request) => ({
      mailIds: await service.move(requireAuth(request), request.body.mailIds, 'archive'),
    }),
  });
  app.route({
    ...writeAt(e.trash),
    handler: async (request) => ({
      mailIds: await service.move(requireAuth(request), request.body.mailIds, 'trash'),
    }),
  });
  app.route({
    ...writeAt(e.deleteForGood),
    handler: async (request) => ({
      mailIds: await service.deleteForGood(requireAuth(request), request.body.mailIds),
    }),
  });

  app.route({
    ...writeAt(e.newLabel),
    handler: async (request, reply) =>
      reply.status(201).send({ label: await service.newLabel(requireAuth(request), request.body) }),
  });
  app.route({
    ...writeAt(e.updateLabel),
    handler: async (request) => ({
      label: await service.updateLabel(requireAuth(request), request.body),
    }),
  });
  app.route({
    ...writeAt(e.deleteLabel),
    handler: async (request, reply) => {
      await service.deleteLabel(requireAuth(request), request.body.labelId);
      return reply.status(204).send(null);
    },
  });

  app.route({
    ...routeOf(e.attachment),
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: e.attachment.summary,
      security,
      params: e.attachment.params,
      produces: ['*/*'],
    },
    handler: async (request, reply) => {
      const file = await service.attachment(requireAuth(request), request.params.attachmentId);
      return sendStoredFile(request, reply, storage, file);
    },
  });

  app.route({
    ...routeOf(e.remoteImage),
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: e.remoteImage.summary,
      security,
      querystring: e.remoteImage.query,
      produces: ['image/*'],
    },
    handler: async (request, reply) => {
      const image = await service.remoteImage(
        requireAuth(request),
        request.query.mailId,
        request.query.url,
      );
      return reply
        .header('content-type', image.contentType)
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(image.body);
    },
  });

  // The caller's own reading preference: every member, viewers too, keeps their own list.
  app.route({
    ...readAt(e.trustedSenders),
    handler: async (request) => ({
      senders: await service.trustedSenders(requireAuth(request)),
    }),
  });
  app.route({
    ...readAt(e.trustSender),
    handler: async (request, reply) =>
      reply.status(201).send({
        sender: await service.trustSender(requireAuth(request), request.body.address),
      }),
  });
  app.route({
    ...readAt(e.distrustSender),
    handler: async (request, reply) => {
      await service.distrustSender(requireAuth(request), request.body.address);
      return reply.status(204).send(null);
    },
  });
  app.route({
    // The member's own reading preference: every role may keep its list (record 059).
    ...readAt(e.deleteTrustedSender),
    handler: async (request, reply) => {
      await service.deleteTrustedSender(requireAuth(request), request.body.senderId);
      return reply.status(204).send(null);
    },
  });

  app.route({
    ...readAt(e.mailboxes),
    handler: async (request) => ({ mailboxes: await service.mailboxes(requireAuth(request)) }),
  });
  app.route({
    ...writeAt(e.newMailbox),
    handler: async (request, reply) =>
      reply
        .status(201)
        .send({ mailbox: await service.newMailbox(requireAuth(request), request.body) }),
  });
  app.route({
    ...writeAt(e.updateMailbox),
    handler: async (request) => ({
      mailbox: await service.updateMailbox(requireAuth(request), request.body),
    }),
  });
  app.route({
    ...writeAt(e.deleteMailbox),
    handler: async (request, reply) => {
      await service.deleteMailbox(requireAuth(request), request.body.mailboxId);
      return reply.status(204).send(null);
    },
  });

  app.route({
    ...readAt(e.domains),
    handler: async (request) => ({ domains: await service.domains(requireAuth(request)) }),
  });
  app.route({
    ...adminAt(e.newDomain),
    handler: async (request, reply) =>
      reply
        .status(201)
        .send({ domain: await service.newDomain(requireAuth(request), request.body) }),
  });
  app.route({
    ...adminAt(e.updateDomain),
    handler: async (request) => ({
      domain: await service.updateDomain(requireAuth(request), request.body),
    }),
  });
  app.route({
    ...adminAt(e.deleteDomain),
    handler: async (request, reply) => {
      await service.deleteDomain(requireAuth(request), request.body.domainId);
      return reply.status(204).send(null);
    },
  });
};
