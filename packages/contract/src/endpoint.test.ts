import { describe, expect, it } from 'vitest';
import { endpointPath } from './endpoint.ts';
import { membersEndpoints } from './members.ts';

describe('endpointPath', () => {
  it('fills each :name with its parameter, percent-encoded', () => {
    expect(endpointPath('/api/deals/:id/move', { id: 'a b/c' })).toBe('/api/deals/a%20b%2Fc/move');
    expect(
      endpointPath('/api/pipelines/:pipelineId/stages/:stageId', { pipelineId: 'p', stageId: 7 }),
    ).toBe('/api/pipelines/p/stages/7');
  });

  it('leaves a path without parameters as it is', () => {
    expect(endpointPath(membersEndpoints.list.path)).toBe('/api/members');
  });

  it('refuses a missing parameter rather than call a wrong address', () => {
    expect(() => endpointPath('/api/deals/:id', {})).toThrow(/:id/);
    expect(() => endpointPath('/api/deals/:id', { id: null })).toThrow(TypeError);
  });
});
