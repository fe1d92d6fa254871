import type {
  EmailTemplate,
  newTemplateSchema,
  TemplateKind,
  templatePatchSchema,
} from '@beacon/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { Caller } from '../../lib/caller.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import * as repo from './templates.repository.ts';

const nameClash = () =>
  new AppError('CONFLICT', 'Another of the same kind already has this name', {
    name: ['Another of the same kind already has this name'],
  });

/** E-mail templates and snippets: any member reads them, admins and contributors shape them. */
export class TemplatesService {
  constructor(private readonly db: Database) {}

  async list(caller: Caller, kind?: TemplateKind): Promise<EmailTemplate[]> {
    return (await repo.listTemplates(this.db, caller.workspaceId, kind)).map(repo.toTemplate);
  }

  async create(caller: Caller, input: z.output<typeof newTemplateSchema>): Promise<EmailTemplate> {
    return this.db.transaction(async (tx) => {
      if (await repo.nameTaken(tx, caller.workspaceId, input.kind, input.name)) throw nameClash();
      const row = await repo.insertTemplate(tx, {
        workspaceId: caller.workspaceId,
        kind: input.kind,
        name: input.name,
        // A snippet is a piece of a message: it has no subject.
        subject: input.kind === 'snippet' ? '' : input.subject,
        body: input.body,
        createdBy: caller.userId,
      });
      return repo.toTemplate(row);
    });
  }

  async patch(
    caller: Caller,
    id: string,
    patch: z.output<typeof templatePatchSchema>,
  ): Promise<EmailTemplate> {
    return this.db.transaction(async (tx) => {
      const old = await repo.getTemplate(tx, caller.workspaceId, id);
      if (!old) throw notFound('No such template');
      if (
        patch.name !== undefined &&
        (await repo.nameTaken(tx, caller.workspaceId, old.kind, patch.name, old.id))
      ) {
        throw nameClash();
      }
      const subject = old.kind === 'snippet' ? undefined : patch.subject;
      return repo.toTemplate(
        await repo.updateTemplate(tx, old.id, { name: patch.name, subject, body: patch.body }),
      );
    });
  }

  async remove(caller: Caller, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const old = await repo.getTemplate(tx, caller.workspaceId, id);
      if (!old) throw notFound('No such template');
      await repo.deleteTemplate(tx, old.id);
    });
  }
}
