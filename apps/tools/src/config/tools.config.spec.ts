import { loadConfig } from '@platica/platform';
import { toolsConfigSchema } from './tools.config';

describe('tools configuration', () => {
  it('scales MCP call limits by 1 unless told, and refuses a scale that is not above 0 and at most 1, naming the variable', () => {
    expect(loadConfig(toolsConfigSchema, {}).TOOLS_MCP_TIMEOUT_SCALE).toBe(1);
    expect(loadConfig(toolsConfigSchema, { TOOLS_MCP_TIMEOUT_SCALE: '0.1' }).TOOLS_MCP_TIMEOUT_SCALE).toBe(0.1);
    for (const bad of ['0', '-1', '2', 'slow']) {
      expect(() => loadConfig(toolsConfigSchema, { TOOLS_MCP_TIMEOUT_SCALE: bad })).toThrow(/TOOLS_MCP_TIMEOUT_SCALE/);
    }
  });
});
