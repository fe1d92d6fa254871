import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activityPageSchema,
  dealSchema,
  pipelineListSchema,
  pipelineSchema,
  type Pipeline,
} from '@beacon/contract';
import { readFileSync } from 'node:fs';
import { addMember, startTestServer, type TestServer } from '../../../test/helpers.ts';
import { DEFAULT_PIPELINE, DEFAULT_STAGES } from './pipelines.repository.ts';
import { crmWorkspace } from '../../../test/crm.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

type W = Awaited<ReturnType<typeof crmWorkspace>>;
const pipelinesOf = async (w: W) =>
  pipelineListSchema.parse(await w.ok('GET', '/api/pipelines')).items;
const stageId = (p: Pipeline, name: string) => p.stages.find((s) => s.name === name)!.id;

describe('pipelines', () => {
  it('gives every new workspace the default pipeline', async () => {
    const w = await crmWorkspace(server);
    const [pipeline, ...others] = await pipelinesOf(w);
    expect(others).toEqual([]);
    expect(pipeline).toMatchObject({ name: 'Sales pipeline', isDefault: true });
    expect(pipeline!.stages.map((s) => [s.name, s.position, s.probability, s.kind])).toEqual([
      ['Qualification', 0, 10, 'open'],
      ['Meeting booked', 1, 25, 'open'],
      ['Proposal', 2, 50, 'open'],
      ['Negotiation', 3, 75, 'open'],
      ['Won', 4, 100, 'won'],
      ['Lost', 5, 0, 'lost'],
    ]);
  });

  it('keys the default pipeline and stages until a team renames them (record 037)', async () => {
    const w = await crmWorkspace(server);
    const [pipeline] = await pipelinesOf(w);
    expect(pipeline!.key).toBe('sales');
    expect(pipeline!.stages.map((s) => s.key)).toEqual([
      'qualification',
      'meeting_booked',
      'proposal',
      'negotiation',
      'won',
      'lost',
    ]);
    // Saving the same name keeps the key; another name drops it.
    const proposal = pipeline!.stages[2]!;
    const same = pipelineSchema.parse(
      await w.ok('PATCH', `/api/pipelines/${pipeline!.id}/stages/${proposal.id}`, {
        name: 'Proposal',
        probability: 55,
      }),
    );
    expect(same.stages[2]).toMatchObject({ key: 'proposal', probability: 55 });
    const renamed = pipelineSchema.parse(
      await w.ok('PATCH', `/api/pipelines/${pipeline!.id}/stages/${proposal.id}`, {
        name: 'Offre',
      }),
    );
    expect(renamed.stages[2]).toMatchObject({ key: null, name: 'Offre' });
    expect(renamed.stages[3]!.key).toBe('negotiation');
    const named = pipelineSchema.parse(
      await w.ok('PATCH', `/api/pipelines/${pipeline!.id}`, { name: 'Ventes' }),
    );
    expect(named).toMatchObject({ key: null, name: 'Ventes' });
    // A new pipeline has its own name, no key; its default stages have theirs.
    const made = pipelineSchema.parse(await w.ok('POST', '/api/pipelines', { name: 'Renewals' }));
    expect(made.key).toBeNull();
    expect(made.stages.map((s) => s.key)).toEqual(DEFAULT_STAGES.map((s) => s.key));
    // Stages a team names have none.
    const own = pipelineSchema.parse(
      await w.ok('POST', '/api/pipelines', { name: 'Own', stages: [{ name: 'Proposal' }] }),
    );
    expect(own.stages.map((s) => s.key)).toEqual([null]);
  });

  it('has one source of the default stages: the migrations for older workspaces agree with it', () => {
    const sql = (name: string) =>
      readFileSync(new URL(`../../../drizzle/${name}`, import.meta.url), 'utf8');
    const m0008 = sql('0008_deals.sql');
    expect(m0008).toContain(`SELECT "id", '${DEFAULT_PIPELINE.name}', true, 0 FROM "workspaces"`);
    const rows = [...m0008.matchAll(/\('([^']+)', (\d+), (\d+), '(\w+)', (\d+|NULL)\)/g)].map(
      (m) => ({
        name: m[1],
        position: Number(m[2]),
        probability: Number(m[3]),
        kind: m[4],
        rotDays: m[5] === 'NULL' ? null : Number(m[5]),
      }),
    );
    expect(rows).toEqual(
      DEFAULT_STAGES.map(({ name, probability, kind, rotDays }, position) => ({
        name,
        position,
        probability,
        kind,
        rotDays,
      })),
    );
    const m0012 = sql('0012_default_keys.sql');
    expect(m0012).toContain(
      `SET "key" = '${DEFAULT_PIPELINE.key}' WHERE "name" = '${DEFAULT_PIPELINE.name}'`,
    );
    const keys = [...m0012.matchAll(/\('([^']+)', '(\w+)', '(\w+)'\)/g)].map((m) => ({
      name: m[1],
      key: m[2],
      kind: m[3],
    }));
    expect(keys).toEqual(DEFAULT_STAGES.map(({ name, key, kind }) => ({ name, key, kind })));
  });

  it('adds, changes, orders and deletes pipelines and stages', async () => {
    const w = await crmWorkspace(server);
    const made = pipelineSchema.parse(
      await w.ok('POST', '/api/pipelines', {
        name: 'Renewals',
        stages: [
          { name: 'Due', probability: 60 },
          { name: 'Renewed', probability: 100, kind: 'won' },
        ],
      }),
    );
    expect(made).toMatchObject({ name: 'Renewals', isDefault: false, position: 1 });
    expect(made.stages.map((s) => s.name)).toEqual(['Due', 'Renewed']);
    const added = pipelineSchema.parse(
      await w.ok('POST', `/api/pipelines/${made.id}/stages`, {
        name: 'Talking',
        probability: 40,
        rotDays: 7,
        index: 0,
      }),
    );
    expect(added.stages.map((s) => [s.name, s.position, s.rotDays])).toEqual([
      ['Talking', 0, 7],
      ['Due', 1, null],
      ['Renewed', 2, null],
    ]);
    const changed = pipelineSchema.parse(
      await w.ok('PATCH', `/api/pipelines/${made.id}/stages/${stageId(added, 'Renewed')}`, {
        name: 'Done',
        index: 0,
      }),
    );
    expect(changed.stages.map((s) => s.name)).toEqual(['Done', 'Talking', 'Due']);
    const made2 = pipelineSchema.parse(
      await w.ok('PATCH', `/api/pipelines/${made.id}`, { isDefault: true, index: 0 }),
    );
    expect(made2.isDefault).toBe(true);
    const all = await pipelinesOf(w);
    expect(all.map((p) => [p.name, p.isDefault])).toEqual([
      ['Renewals', true],
      ['Sales pipeline', false],
    ]);
    // The default pipeline cannot go; another one can.
    const theDefault = await w.call('DELETE', `/api/pipelines/${made.id}`);
    expect(theDefault.status).toBe(409);
    expect(theDefault.body).toMatchObject({ code: 'DEFAULT_PIPELINE' });
    expect((await w.call('DELETE', `/api/pipelines/${all[1]!.id}`)).status).toBe(204);
    expect(await pipelinesOf(w)).toHaveLength(1);
    // A pipeline keeps one stage at least.
    const single = pipelineSchema.parse(
      await w.ok('POST', '/api/pipelines', { name: 'Single', stages: [{ name: 'Only' }] }),
    );
    const last = await w.call(
      'DELETE',
      `/api/pipelines/${single.id}/stages/${single.stages[0]!.id}`,
    );
    expect(last.status).toBe(409);
    expect(last.body).toMatchObject({ code: 'LAST_STAGE' });
    // Bad input: 400 on the field, nothing written.
    const bad = await w.call('POST', `/api/pipelines/${made.id}/stages`, {
      name: 'x',
      probability: 140,
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await w.call('POST', '/api/pipelines', { name: '' })).status).toBe(400);
    expect((await pipelinesOf(w))[0]!.stages).toHaveLength(3);
  });

  it('gives every deal moved off a deleted stage its stage change and timeline entry (issue 9)', async () => {
    const w = await crmWorkspace(server);
    const other = await crmWorkspace(server);
    const [pipeline] = await pipelinesOf(w);
    const proposal = stageId(pipeline!, 'Proposal');
    const negotiation = stageId(pipeline!, 'Negotiation');
    const made = [];
    for (const name of ['One', 'Two', 'Three']) {
      made.push(
        dealSchema.parse(await w.ok('POST', '/api/deals', { name, stageId: proposal, amount: 10 })),
      );
    }
    // One came in from another stage by a board move: its earlier history stays as it was.
    const qualification = stageId(pipeline!, 'Qualification');
    const moved = dealSchema.parse(
      await w.ok('POST', '/api/deals', { name: 'Four', stageId: qualification }),
    );
    await w.ok('POST', `/api/deals/${moved.id}/move`, { stageId: proposal });
    made.push(moved);
    const [otherPipeline] = await pipelinesOf(other);
    const untouched = dealSchema.parse(
      await other.ok('POST', '/api/deals', {
        name: 'Elsewhere',
        stageId: stageId(otherPipeline!, 'Proposal'),
      }),
    );

    await w.ok('DELETE', `/api/pipelines/${pipeline!.id}/stages/${proposal}?moveTo=${negotiation}`);

    for (const deal of made) {
      const detail = (await w.ok('GET', `/api/deals/${deal.id}`)) as {
        deal: { stageId: string; updatedAt: string; lastActivityAt: string | null };
        stages: { fromStageName: string | null; toStageName: string; byId: string | null }[];
      };
      expect(detail.deal.stageId).toBe(negotiation);
      expect(detail.stages.at(-1)).toMatchObject({
        fromStageName: 'Proposal',
        toStageName: 'Negotiation',
        byId: w.userId,
      });
      expect(detail.stages.filter((s) => s.toStageName === 'Negotiation')).toHaveLength(1);
      const timeline = activityPageSchema.parse(
        await w.ok('GET', `/api/deals/${deal.id}/activity`),
      ).items;
      const stageEntries = timeline.filter((a) => a.field === 'stage');
      // Newest first: the entry of the deleted stage, as a board move writes it.
      expect(stageEntries[0]).toMatchObject({
        kind: 'field_changed',
        actorId: w.userId,
        oldValue: 'Proposal',
        newValue: 'Negotiation',
      });
      expect(stageEntries.filter((a) => a.newValue === 'Negotiation')).toHaveLength(1);
    }
    const fourth = activityPageSchema
      .parse(await w.ok('GET', `/api/deals/${moved.id}/activity`))
      .items.filter((a) => a.field === 'stage')
      .map((a) => [a.oldValue, a.newValue]);
    expect(fourth).toEqual([
      ['Proposal', 'Negotiation'],
      ['Qualification', 'Proposal'],
    ]);
    // Another workspace's deal in its own "Proposal" is not touched.
    const elsewhere = (await other.ok('GET', `/api/deals/${untouched.id}`)) as {
      stages: unknown[];
    };
    expect(elsewhere.stages).toHaveLength(1);
    expect(
      activityPageSchema
        .parse(await other.ok('GET', `/api/deals/${untouched.id}/activity`))
        .items.filter((a) => a.field === 'stage'),
    ).toEqual([]);
  });

  it('keeps a stage that holds deals unless they move; deletes a pipeline only without deals', async () => {
    const w = await crmWorkspace(server);
    const [pipeline] = await pipelinesOf(w);
    const proposal = stageId(pipeline!, 'Proposal');
    const negotiation = stageId(pipeline!, 'Negotiation');
    const deal = dealSchema.parse(
      await w.ok('POST', '/api/deals', { name: 'Big one', stageId: proposal, amount: 5000 }),
    );
    const refused = await w.call('DELETE', `/api/pipelines/${pipeline!.id}/stages/${proposal}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'STAGE_NOT_EMPTY' });
    expect(refused.body.detail).toContain('1 deals');
    const toLost = await w.call(
      'DELETE',
      `/api/pipelines/${pipeline!.id}/stages/${proposal}?moveTo=${stageId(pipeline!, 'Lost')}`,
    );
    expect(toLost.status).toBe(400);
    // A stage becoming lost while it holds deals would leave them without a reason.
    const toLostKind = await w.call('PATCH', `/api/pipelines/${pipeline!.id}/stages/${proposal}`, {
      kind: 'lost',
    });
    expect(toLostKind.status).toBe(409);
    expect(
      (
        await w.call(
          'DELETE',
          `/api/pipelines/${pipeline!.id}/stages/${proposal}?moveTo=${negotiation}`,
        )
      ).status,
    ).toBe(204);
    const detail = (await w.ok('GET', `/api/deals/${deal.id}`)) as {
      deal: { stageId: string };
      stages: { fromStageName: string | null; toStageName: string }[];
    };
    expect(detail.deal.stageId).toBe(negotiation);
    expect(detail.stages.map((s) => [s.fromStageName, s.toStageName])).toEqual([
      [null, 'Proposal'],
      ['Proposal', 'Negotiation'],
    ]);
    const after = (await pipelinesOf(w))[0]!;
    expect(after.stages.map((s) => [s.name, s.position])).toEqual([
      ['Qualification', 0],
      ['Meeting booked', 1],
      ['Negotiation', 2],
      ['Won', 3],
      ['Lost', 4],
    ]);
    // A won stage's deals are closed; made open again they reopen.
    const won = pipelineSchema.parse(
      await w.ok('PATCH', `/api/pipelines/${pipeline!.id}/stages/${negotiation}`, {
        kind: 'won',
      }),
    );
    expect(won.stages.find((s) => s.id === negotiation)!.kind).toBe('won');
    const closed = dealSchema.parse(
      ((await w.ok('GET', `/api/deals/${deal.id}`)) as { deal: unknown }).deal,
    );
    expect(closed.status).toBe('won');
    expect(closed.closedAt).not.toBeNull();
    // A second pipeline with a deal cannot be deleted.
    const other = pipelineSchema.parse(await w.ok('POST', '/api/pipelines', { name: 'Other' }));
    await w.ok('POST', '/api/deals', { name: 'There', pipelineId: other.id });
    const full = await w.call('DELETE', `/api/pipelines/${other.id}`);
    expect(full.status).toBe(409);
    expect(full.body).toMatchObject({ code: 'PIPELINE_NOT_EMPTY' });
  });

  it('lets viewers read only, and answers 404 for another workspace', async () => {
    const w = await crmWorkspace(server);
    const [pipeline] = await pipelinesOf(w);
    const viewer = await addMember(server, w.admin.token, 'viewer');
    expect((await w.call('GET', '/api/pipelines', undefined, viewer.token)).status).toBe(200);
    expect((await w.call('POST', '/api/pipelines', { name: 'x' }, viewer.token)).status).toBe(403);
    expect(
      (await w.call('PATCH', `/api/pipelines/${pipeline!.id}`, { name: 'x' }, viewer.token)).status,
    ).toBe(403);
    expect(
      (await w.call('POST', `/api/pipelines/${pipeline!.id}/stages`, { name: 'x' }, viewer.token))
        .status,
    ).toBe(403);
    const contributor = await addMember(server, w.admin.token, 'contributor');
    expect(
      (await w.call('POST', '/api/pipelines', { name: 'Theirs' }, contributor.token)).status,
    ).toBe(201);
    const other = await crmWorkspace(server);
    const stage = pipeline!.stages[0]!.id;
    for (const [method, path, body] of [
      ['GET', `/api/pipelines/${pipeline!.id}`, undefined],
      ['PATCH', `/api/pipelines/${pipeline!.id}`, { name: 'Taken' }],
      ['DELETE', `/api/pipelines/${pipeline!.id}`, undefined],
      ['POST', `/api/pipelines/${pipeline!.id}/stages`, { name: 'Taken' }],
      ['PATCH', `/api/pipelines/${pipeline!.id}/stages/${stage}`, { name: 'Taken' }],
      ['DELETE', `/api/pipelines/${pipeline!.id}/stages/${stage}`, undefined],
    ] as const) {
      expect((await other.call(method, path, body)).status, `${method} ${path}`).toBe(404);
    }
    expect((await pipelinesOf(w))[0]!.stages[0]!.name).toBe('Qualification');
  });
});
