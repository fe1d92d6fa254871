import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dealBoardSchema,
  dealDetailSchema,
  dealSchema,
  pipelineListSchema,
} from '@beacon/contract';
import { startTestServer, type TestServer } from '../../../test/helpers.ts';
import { crmWorkspace } from '../../../test/crm.ts';

// The bulk stage change (the deals table's "Change stage"), found answering 500 by the deals
// screens' browser tests: FOR UPDATE beside a window function.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('bulk stage change of deals', () => {
  it('moves the selected deals to the stage, keeps their history, and asks a lost stage why', async () => {
    const w = await crmWorkspace(server);
    const [pipeline] = pipelineListSchema.parse(await w.ok('GET', '/api/pipelines')).items;
    const stage = (name: string) => pipeline!.stages.find((s) => s.name === name)!.id;
    const ids: string[] = [];
    for (const [i, name] of ['A', 'B', 'C'].entries()) {
      const deal = dealSchema.parse(
        await w.ok('POST', '/api/deals', { name, amount: (i + 1) * 1000, currency: 'EUR' }),
      );
      ids.push(deal.id);
    }

    const moved = await w.call('POST', '/api/deals/bulk', {
      selection: { ids: ids.slice(0, 2) },
      action: { type: 'set_stage', stageId: stage('Proposal') },
    });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body).toEqual({ affected: 2 });
    const board = dealBoardSchema.parse(await w.ok('GET', '/api/deals/board'));
    const proposal = board.columns.find((c) => c.stage.name === 'Proposal')!;
    expect(proposal.count).toBe(2);
    expect(proposal.sums).toEqual([{ currency: 'EUR', amount: '3000', weighted: '1500' }]);
    const detail = dealDetailSchema.parse(await w.ok('GET', `/api/deals/${ids[0]}`));
    expect(detail.stages.map((c) => [c.fromStageName, c.toStageName])).toContainEqual([
      'Qualification',
      'Proposal',
    ]);

    // A lost stage without a reason: 400, nothing moved.
    const refused = await w.call('POST', '/api/deals/bulk', {
      selection: { ids },
      action: { type: 'set_stage', stageId: stage('Lost') },
    });
    expect(refused.status).toBe(400);
    const lost = await w.call('POST', '/api/deals/bulk', {
      selection: { ids },
      action: { type: 'set_stage', stageId: stage('Lost'), lostReason: 'Budget cut' },
    });
    expect(lost.body).toEqual({ affected: 3 });
    const after = dealDetailSchema.parse(await w.ok('GET', `/api/deals/${ids[2]}`));
    expect(after.deal).toMatchObject({ status: 'lost', lostReason: 'Budget cut' });
  });
});
