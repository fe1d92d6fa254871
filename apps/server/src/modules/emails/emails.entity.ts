import { sql, type SQL } from 'drizzle-orm';
import {
  emailFieldKinds,
  emailSorts,
  emailStatuses,
  mailDirections,
  type RecordEntityName,
} from '@beacon/contract';
import { fieldsOf, type EntityDef } from '../../lib/records/fields.ts';

const m = fieldsOf('mail_messages');

/**
 * An e-mail's state for the e-mails page: `received` inbound; outbound, `replied` once a person
 * answered in its thread after it (an automatic reply or a bounce is no answer), else its status.
 */
export const emailStatusSql: SQL = sql.raw(`(case
  when "mail_messages"."direction" = 'in' then 'received'
  when "mail_messages"."status" = 'sent' and exists (
    select 1 from mail_messages r
    where r.thread_id = "mail_messages"."thread_id" and r.direction = 'in'
      and r.date > "mail_messages"."date"
      and not exists (
        select 1 from conversations c
        where c.message_id = r.id and c.category in ('out_of_office', 'bounce')
      )
  ) then 'replied'
  else "mail_messages"."status"::text end)`);

const sortable = new Set(emailSorts.map((s) => s.replace(/^-/, '')));

/**
 * The e-mails page's list as the records engine's filters, sort and keyset read it
 * (docs/decisions/061-conversations.md): NOT a records entity (not in the registry: e-mails have
 * no notes, lists, import or bulk, and their visibility is the mailboxes' readership, not an
 * owner), only the engine's description of the `mail_messages` columns the page filters on.
 */
export const emailsEntity: EntityDef = {
  // Saved views and cursors name it; the records registry never sees it.
  name: 'emails' as RecordEntityName,
  subject: 'person',
  notFound: 'No such e-mail',
  subjectKey: 'personId',
  table: 'mail_messages',
  ownerColumn: 'created_by',
  fields: {
    id: m('id', 'uuid'),
    date: m('date', 'timestamptz'),
    subject: m('subject'),
    direction: m('direction', 'mail_direction', { values: mailDirections, sortable: false }),
    status: m('status', 'text', {
      expr: emailStatusSql,
      values: emailStatuses,
      sortable: false,
    }),
    personId: m('person_id', 'uuid', {
      sortable: false,
      through: { table: 'mail_links', key: 'message_id', value: 'person_id' },
    }),
    companyId: m('company_id', 'uuid', {
      sortable: false,
      through: { table: 'mail_links', key: 'message_id', value: 'company_id' },
    }),
    memberId: m('member_id', 'uuid', {
      nullable: true,
      sortable: false,
      expr: sql.raw(`(select owner_id from mailboxes where id = "mail_messages"."mailbox_id")`),
    }),
    mailboxId: m('mailbox_id', 'uuid', { sortable: false }),
  },
  kinds: emailFieldKinds,
  defaultSort: '-date',
  deleteWhere: async () => {
    throw new Error('E-mails are deleted through the mail API');
  },
};

for (const [name, field] of Object.entries(emailsEntity.fields)) {
  if (field.sortable && !sortable.has(name) && name !== 'id') field.sortable = false;
}
